import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contentDigest } from './content-hash.js';

/**
 * A fingerprint of the code that makes the site's bytes: the content hash of every JavaScript
 * file of the running program (the bundle, or the compiled modules when tests import them), so
 * that any change to the code, a new version or a local edit alike, changes every reuse key
 * built on it. Nothing is kept by hand: a key cannot outlive the code that made its bytes.
 */
let computed: string | undefined;

export function codeFingerprint(): string {
  return (computed ??= fingerprintOf(programDirectory()));
}

/**
 * The running program's directory: the bundle's (`build/bundle`, which holds every module), or
 * the compiled modules' top (`build/src`) when tests import them, this module being in its `core/`.
 */
export function programDirectory(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.basename(here) === 'core' ? path.dirname(here) : here;
}

/** The hash of every `.js` file below `dir`, by relative path in code-unit order. */
export function fingerprintOf(dir: string): string {
  const digest = contentDigest();
  const encoder = new TextEncoder();
  for (const file of scriptsBelow(dir, '')) {
    digest.update(encoder.encode(`${file}\0`));
    digest.update(readFileSync(path.join(dir, file)));
  }
  return digest.digest();
}

function scriptsBelow(dir: string, prefix: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const relative = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory()) found.push(...scriptsBelow(dir, relative));
    else if (entry.isFile() && entry.name.endsWith('.js')) found.push(relative);
  }
  return found.sort();
}
