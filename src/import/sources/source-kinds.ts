/**
 * The kinds of source `ports-gen import` reads, each behind one interface (see source-kind). A
 * new kind is a file implementing ImportSource and its line here.
 */
import { json } from './json.js';
import { native } from './native.js';
import type { ImportSource } from './source-kind.js';

/**
 * The kinds, in the order they are asked whether a source is theirs: MacPorts' native index
 * has no mark of its own, so it is last and takes whatever no other kind claims.
 */
const SOURCE_KINDS: readonly ImportSource[] = [json, native];

/** The kind of a source's bytes (see SOURCE_KINDS). */
export const sourceKindOf = (bytes: Uint8Array): ImportSource => SOURCE_KINDS.find((source) => source.sniff(bytes))!;

/** The kind named `kind` (see ImportSource.kind). */
export const sourceKindNamed = (kind: string): ImportSource => SOURCE_KINDS.find((source) => source.kind === kind)!;
