/** How language ecosystems spell modules and where MacPorts installs them. */
import { capitalize } from './words.js';

const PERL_ACRONYMS = new Set(['uri', 'json', 'xml', 'http', 'sql', 'dbi', 'dbd', 'lwp', 'io', 'ssl', 'csv', 'yaml', 'dns', 'tls', 'ssh', 'pdf']);

/** `libwww-perl` -> `Libwww::Perl`, `uri-escape` -> `URI::Escape` */
export function toPerlModule(stem: string): string {
  return stem
    .split('-')
    .map((p) => (PERL_ACRONYMS.has(p) ? p.toUpperCase() : capitalize(p)))
    .join('::');
}

/** Python framework directories for a subport's version ("312" -> 3.12). */
export function getPythonDirs(lv: string): { site: string; bin: string; tag: string; dot: string } {
  const v = lv || '312';
  const dot = v.charAt(0) + '.' + v.slice(1);
  const base = `/opt/local/Library/Frameworks/Python.framework/Versions/${dot}`;
  return { site: `${base}/lib/python${dot}/site-packages`, bin: `${base}/bin`, tag: `cpython-${v}`, dot };
}

/** R package directories keep the package's own spelling (dots included). */
export function toRPackageDir(pkg: string, Pkg: string): string {
  return /[.]/.test(pkg) ? pkg : Pkg === Pkg.toLowerCase() ? pkg : Pkg;
}

/** PHP extension API date of each PHP version, part of the extension directory's name. */
export const PHP_API: Record<string, string> = { '81': '20210902', '82': '20220829', '83': '20230831', '84': '20240924' };
