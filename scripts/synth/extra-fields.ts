/** The less common fields: subports, notes, conflicts, replaced_by, ... */
import type { CatalogueContext } from './catalogue-context.js';
import type { PortFields } from './port-index.js';
import type { Group, PortRec } from './port-rec.js';

/**
 * A parent lists its subports; a few generic ports list subports that are never generated
 * (as when a Portfile's subports are missing from a partial index). `conflicts` and
 * `replaced_by` may point at any port, the port itself excluded.
 */
export function drawExtraFields(ctx: CatalogueContext, rec: PortRec, i: number, f: PortFields): void {
  const { rng, table } = ctx;
  const recs = table.recs;
  const group = table.groups[rec.group] as Group;
  if (rec.isParent) {
    f['subports'] = group.ports.filter((p) => p >= 0).map((p) => (recs[p] as PortRec).name).join(' ');
  } else if (rec.family === 'generic' && rng.chance(0.02)) {
    f['subports'] = `${rec.name}-docs ${rec.name}-devel`;
  }
  if (rng.chance(0.05)) f['notes'] = rng.pick([
    `To use ${rec.name}, add /opt/local/libexec/${rec.stem.toLowerCase()}/bin to your PATH.`,
    'A startup item has been generated that will aid in starting this port with launchd. It is disabled by default.',
    `The ${rec.name} port no longer installs the legacy headers; see the release notes for details.`,
    'To make this the default version, run:\n    sudo port select --set python python312',
  ]);
  if (rng.chance(0.1)) f['installs_libs'] = 'no';
  if (rng.chance(0.01)) f['depends_skip_archcheck'] = 'gmake';
  if (rng.chance(0.01) && i > 0) f['conflicts'] = (recs[rng.int(i)] as PortRec).name;
  if (rng.chance(0.005)) f['license_noconflict'] = 'openssl';
  if (rng.chance(0.006) && recs.length > 1) {
    const target = rng.int(recs.length);
    if (target !== i) f['replaced_by'] = (recs[target] as PortRec).name;
  }
  if (rng.chance(0.003)) f['active'] = false;
}
