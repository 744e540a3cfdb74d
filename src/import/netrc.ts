/**
 * The credentials of a netrc file (`machine <host> login <user> password <password>`), as curl,
 * wget, git, Go and Python's requests read one: a way to log in to a private mirror without the
 * password in the URL, where shells, process lists and CI logs would show it.
 */
import { readFileSync } from 'node:fs';
import { MachineFault } from '../core/problems/machine-fault.js';

export interface Login {
  login: string;
  password: string;
}

export interface NetrcMachine extends Login {
  /** A host name, matched without its port (as curl does). */
  machine: string;
}

/**
 * The machines of a netrc file's text, in their order. Tokens are separated by white space; a
 * token in double quotes may hold white space and `\"`, `\\` (as curl reads them); a line whose
 * first token starts with `#` is a comment. `account` is read and not used; a `macdef` runs to
 * the next blank line. `default` ends the machines: its login would be sent to every host a
 * redirect leads to, so it is not used (Go's go command ignores it too). Unknown words are skipped.
 */
export function parseNetrc(text: string): NetrcMachine[] {
  const machines: NetrcMachine[] = [];
  let current: NetrcMachine | undefined;
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    if (/^\s*#/.test(lines[i]!)) continue;
    const tokens = lineTokens(lines[i]!);
    for (let t = 0; t < tokens.length; t++) {
      const word = tokens[t]!;
      const value = () => tokens[++t] ?? '';
      if (word === 'default') return machines;
      if (word === 'machine') {
        current = { machine: value().toLowerCase(), login: '', password: '' };
        machines.push(current);
      } else if (word === 'login' || word === 'password' || word === 'account') {
        const given = value();
        if (current && word !== 'account') current[word] = given;
      } else if (word === 'macdef') {
        while (i + 1 < lines.length && lines[i + 1]!.trim() !== '') i++;
        break;
      }
    }
  }
  return machines;
}

function lineTokens(line: string): string[] {
  return [...line.matchAll(/"((?:[^"\\]|\\.)*)"?|\S+/g)].map((m) => (m[1] === undefined ? m[0] : m[1].replace(/\\(.)/g, '$1')));
}

/** The login for `host` (a URL's host name, without its port): its first machine's. */
export function netrcLogin(machines: readonly NetrcMachine[], host: string): Login | undefined {
  const name = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  const found = machines.find((entry) => entry.machine === name);
  return found && { login: found.login, password: found.password };
}

/** The machines of the netrc file at `file`; none when there is no such file, as curl and Go have it. */
export function readNetrc(file: string): NetrcMachine[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return [];
    throw new MachineFault(`the netrc file ${file} cannot be read (${code ?? String(cause)}): fix it, or name another with NETRC`, { cause });
  }
  return parseNetrc(text);
}
