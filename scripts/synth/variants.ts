/** Variants and their `vinfo`, with the conflicts and defaults real Portfiles declare. */
import { weightedPick } from './distributions.js';
import type { PortFields } from './port-index.js';
import type { PortRec } from './port-rec.js';
import type { Rng } from './rng.js';
import { capitalize } from './words.js';

interface VariantDef {
  name: string;
  description: string;
  /** variants of one group exclude each other (`conflicts`), and at most one is a default */
  group?: string;
}

const VARIANT_DEFS: VariantDef[] = [
  { name: 'universal', description: 'Build for multiple architectures' },
  { name: 'debug', description: 'Enable debug binaries' },
  { name: 'docs', description: 'Build and install the documentation' },
  { name: 'doc', description: 'Install HTML documentation' },
  { name: 'tests', description: 'Enable running the test suite' },
  { name: 'x11', description: 'Enable X11 support', group: 'gui' },
  { name: 'quartz', description: 'Enable Quartz support', group: 'gui' },
  { name: 'python311', description: 'Build bindings for Python 3.11', group: 'py' },
  { name: 'python312', description: 'Build bindings for Python 3.12', group: 'py' },
  { name: 'python313', description: 'Build bindings for Python 3.13', group: 'py' },
  { name: 'gcc12', description: 'Build using the MacPorts gcc 12 compiler', group: 'cc' },
  { name: 'gcc13', description: 'Build using the MacPorts gcc 13 compiler', group: 'cc' },
  { name: 'gcc14', description: 'Build using the MacPorts gcc 14 compiler', group: 'cc' },
  { name: 'clang17', description: 'Build using the MacPorts clang 17 compiler', group: 'cc' },
  { name: 'openssl', description: 'Use OpenSSL for TLS support', group: 'tls' },
  { name: 'gnutls', description: 'Use GnuTLS for TLS support', group: 'tls' },
  { name: 'native', description: 'Build with optimisations for the local CPU (not distributable)' },
  { name: 'mpich', description: 'Build with MPICH', group: 'mpi' },
  { name: 'openmpi', description: 'Build with Open MPI', group: 'mpi' },
  { name: 'gtk3', description: 'Build the GTK 3 user interface', group: 'ui' },
  { name: 'qt5', description: 'Build the Qt 5 user interface', group: 'ui' },
  { name: 'qt6', description: 'Build the Qt 6 user interface', group: 'ui' },
  { name: 'accelerate', description: 'Use the Accelerate framework for BLAS/LAPACK', group: 'blas' },
  { name: 'openblas', description: 'Use OpenBLAS for BLAS/LAPACK', group: 'blas' },
  { name: 'pulseaudio', description: 'Enable PulseAudio output' },
  { name: 'jack', description: 'Enable JACK audio output' },
  { name: 'lua', description: 'Enable Lua scripting support' },
  { name: 'bash_completion', description: 'Install bash completion script' },
  { name: 'zsh_completion', description: 'Install zsh completion script' },
  { name: 'mysql8', description: 'Support MySQL 8 databases', group: 'db' },
  { name: 'postgresql16', description: 'Support PostgreSQL 16 databases', group: 'db' },
  { name: 'sqlite', description: 'Support SQLite databases' },
  { name: 'ffmpeg', description: 'Enable video import and export using FFmpeg' },
  { name: 'nls', description: 'Enable Native Language Support' },
];

export interface VInfo {
  variant: string;
  description?: string;
  is_default?: string;
  requires?: string;
  conflicts?: string;
}

function drawVariants(rng: Rng): { variants: string[]; vinfo: VInfo[] } {
  const n = weightedPick(rng, [[1, 30], [2, 25], [3, 18], [4, 12], [5, 8], [7, 5], [10, 2]] as const);
  const chosen: VariantDef[] = [];
  for (let tries = 0; chosen.length < n && tries < n * 4; tries++) {
    const v = rng.pick(VARIANT_DEFS);
    if (!chosen.includes(v)) chosen.push(v);
  }
  chosen.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const defaultInGroup = new Set<string>();
  const vinfo: VInfo[] = chosen.map((v) => {
    const info: VInfo = { variant: v.name };
    if (!rng.chance(0.02)) info.description = v.description;
    const mates = v.group ? chosen.filter((o) => o.group === v.group && o !== v).map((o) => o.name) : [];
    if (mates.length) info.conflicts = mates.join(' ');
    const canDefault = v.name !== 'universal' && v.name !== 'debug' && v.name !== 'native';
    if (canDefault && rng.chance(0.25) && !(v.group && defaultInGroup.has(v.group))) {
      info.is_default = '+';
      if (v.group) defaultInGroup.add(v.group);
    }
    if ((v.name === 'docs' || v.name === 'doc') && rng.chance(0.3)) info.requires = chosen.find((o) => o.group === 'py')?.name ?? '';
    if (info.requires === '') delete info.requires;
    return info;
  });
  return { variants: chosen.map((v) => v.name), vinfo };
}

/**
 * Sets `variants` and `vinfo` on some ports (parents are stubs and have none). A rare
 * case-variant duplicate and a rare `vinfo` without `variants` mirror real PortIndex quirks.
 */
export function drawPortVariants(rng: Rng, rec: PortRec, f: PortFields): void {
  if (rec.isParent || !rng.chance(rec.family === 'generic' || rec.family === 'core' ? 0.45 : 0.12)) return;
  const { variants, vinfo } = drawVariants(rng);
  if (rng.chance(0.002)) variants.push(capitalize(variants[0] ?? 'docs'));
  if (!rng.chance(0.05)) f['variants'] = variants;
  f['vinfo'] = vinfo;
}
