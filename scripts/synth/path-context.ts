/** What a section writer may use to add one installed file (or two) to a build's list. */
import type { Profile, Section } from './profile.js';
import type { Rng } from './rng.js';

export interface PathContext {
  /** adds a path, made unique within the build */
  addPath(path: string): void;
  /** a file-name word */
  drawWord(): string;
  /** a file name: one word, or two joined */
  drawName(): string;
  /** "", or one or two of this build's directory names with a trailing slash */
  drawSubdir(): string;
  /** uses up one more file of the current section if any is left (for paired files) */
  takeExtra(): boolean;
}

/** Writes one file of its section; the draws it makes, and their order, are part of the format. */
export type SectionWriter = (g: PathContext, p: Profile, rng: Rng) => void;

/** one writer per section, every section covered */
export type SectionWriters = Record<Section, SectionWriter>;
