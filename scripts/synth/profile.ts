/**
 * A port's file profile: its spellings and how its files spread over the sections (kinds of
 * installed file). Each profile weights a few sections, so one build's files look like one
 * real package's.
 */
import { Weighted } from './distributions.js';
import type { PortRec } from './port-rec.js';
import type { Rng } from './rng.js';

/** Kinds of installed file: the sections of a build's file list. */
export enum Section {
  Bin, Dylib, StaticLib, Include, Man1, Man3, Man5, Doc, Share, Locale, PkgConfig, CMake, Libexec,
  Etc, App, Framework, Font,
  PyMod, PySo, PyDistInfo, PyBin,
  Pm, PerlBundle, PerlMan,
  Rb, RbSpec, RbBin,
  RFile, RHelp,
  PhpSo, PhpIni, PhpInc,
  HsHi, HsLib, HsConf,
}

export const SECTION_COUNT = Section.HsConf + 1;

export interface Profile {
  /** lower-case package name for paths */
  pkg: string;
  /** the stem's own capitalisation, for frameworks, fonts, CMake and R */
  Pkg: string;
  ver: string;
  lv: string;
  sections: Section[];
  pick: Weighted;
}

/**
 * Drawn from the port's own stream (seeded by its index), so a port's profile does not
 * depend on which build happened to use the port first.
 */
export function drawProfile(rec: PortRec, rng: Rng): Profile {
  const pkg = rec.stem.toLowerCase().replace(/[^a-z0-9+._-]/g, '') || 'pkg';
  const Pkg = rec.stem.replace(/[^A-Za-z0-9]/g, '') || 'Pkg';
  const ver = rec.version.replace(/[^0-9A-Za-z.]/g, '') || '1.0';
  const w: [Section, number][] = [];
  switch (rec.family) {
    case 'py':
      w.push([Section.PyMod, 80], [Section.PySo, rng.chance(0.3) ? 4 : 0], [Section.PyDistInfo, 4], [Section.PyBin, rng.chance(0.3) ? 2 : 0], [Section.Doc, 1]);
      break;
    case 'p5':
      w.push([Section.Pm, 50], [Section.PerlMan, 40], [Section.PerlBundle, rng.chance(0.2) ? 3 : 0], [Section.Doc, 1], [Section.Bin, rng.chance(0.1) ? 2 : 0]);
      break;
    case 'rb':
      w.push([Section.Rb, 85], [Section.RbSpec, 1], [Section.RbBin, rng.chance(0.4) ? 2 : 0], [Section.Doc, 4]);
      break;
    case 'R':
      w.push([Section.RFile, 40], [Section.RHelp, 50], [Section.Doc, 2]);
      break;
    case 'php':
      w.push([Section.PhpSo, 2], [Section.PhpIni, 1], [Section.PhpInc, 30], [Section.Doc, 5]);
      break;
    case 'hs':
      w.push([Section.HsHi, 90], [Section.HsLib, 3], [Section.HsConf, 1], [Section.Doc, 4]);
      break;
    default: {
      const lib = rng.chance(0.6);
      w.push(
        [Section.Bin, rng.chance(0.6) ? 8 : 0], [Section.Dylib, lib ? 4 : 0], [Section.StaticLib, lib && rng.chance(0.3) ? 2 : 0],
        [Section.Include, lib ? 35 : 0], [Section.Man1, 6], [Section.Man3, lib ? 25 : 0], [Section.Man5, 1], [Section.Doc, 10],
        [Section.Share, 30], [Section.Locale, rng.chance(0.25) ? 12 : 0], [Section.PkgConfig, lib ? 1 : 0],
        [Section.CMake, lib && rng.chance(0.3) ? 3 : 0], [Section.Libexec, rng.chance(0.15) ? 6 : 0],
        [Section.Etc, rng.chance(0.1) ? 2 : 0], [Section.App, rng.chance(0.04) ? 40 : 0],
        [Section.Framework, rng.chance(0.03) ? 30 : 0], [Section.Font, rng.chance(0.03) ? 40 : 0],
      );
    }
  }
  const kept = w.filter(([, x]) => x > 0);
  return { pkg, Pkg, ver, lv: rec.lv, sections: kept.map(([s]) => s), pick: new Weighted(kept.map(([, x]) => x)) };
}
