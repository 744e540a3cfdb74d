import { parseTclList } from '../tcl-list.js';

/**
 * Each variant's description from a port's `vinfo`, by the variant's name in lower case (the
 * names `variants` publishes are unique case-insensitively): for the pages, which show what a
 * variant does. `vinfo` is an array of objects (the catalogue's format, and what an import
 * makes of a PortIndex), or the Tcl text MacPorts' converter leaves it as, read as that list of
 * pairs. What cannot be read gives no descriptions: the API never publishes them.
 */
export function variantNotes(vinfo: unknown): Record<string, string> {
  const notes: Record<string, string> = {};
  for (const [variant, description] of variantPairs(vinfo)) {
    if (description !== '') notes[variant.toLowerCase()] = description;
  }
  return notes;
}

function variantPairs(vinfo: unknown): Array<[string, string]> {
  if (Array.isArray(vinfo)) {
    return vinfo.map((entry: { variant: string; description?: unknown }) => [entry.variant, typeof entry.description === 'string' ? entry.description : '']);
  }
  if (typeof vinfo !== 'string') return [];
  return pairsOf(vinfo).map(([variant, properties]) => [variant, new Map(pairsOf(properties)).get('description') ?? '']);
}

function pairsOf(text: string): Array<[string, string]> {
  const list = parseTclList(text);
  if (!list.ok || list.elements.length % 2 !== 0) return [];
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i < list.elements.length; i += 2) pairs.push([list.elements[i]!, list.elements[i + 1]!]);
  return pairs;
}
