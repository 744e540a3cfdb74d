import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT } from '../support/paths.js';

/**
 * The layers, lowest first: a module imports only from its own folder, from a lower layer, or
 * from a shared leaf. The leaves import no layer: core (problems, hashes, the program's own
 * facts, progress), routes (the route table and the pure answer of a request) and browser (the
 * site's own script, which imports only the bodies' types).
 */
const LAYERS: Record<string, number> = {
  catalogue: 1,
  derive: 2,
  render: 3,
  pages: 3,
  sign: 3,
  writer: 4,
  hosts: 4,
  build: 5,
  import: 5,
  cli: 6,
};
const LEAVES = new Set(['core', 'routes', 'browser']);
const SRC = path.join(ROOT, 'src');

function sources(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(path.join(dir, entry.name)) : entry.name.endsWith('.ts') ? [path.join(dir, entry.name)] : [],
  );
}

/** Each module's imports of other modules of src/, as paths relative to src/. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sources()) {
    const text = readFileSync(file, 'utf8');
    const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)].map((m) => m[1]!);
    const targets = specifiers.map((s) => path.relative(SRC, path.resolve(path.dirname(file), s)).replace(/\.js$/, '.ts'));
    graph.set(path.relative(SRC, file), targets);
  }
  return graph;
}

const top = (module: string) => module.split(path.sep)[0]!;

/** `module -> target` for every import that goes up a layer, or from a leaf into a layer. */
function upwardImports(graph: Map<string, string[]>): string[] {
  const wrong: string[] = [];
  for (const [module, targets] of graph) {
    for (const target of targets) {
      const [from, to] = [top(module), top(target)];
      if (from === to || LEAVES.has(to)) continue;
      const allowed = !LEAVES.has(from) && LAYERS[from] !== undefined && LAYERS[to] !== undefined && LAYERS[to]! < LAYERS[from]!;
      if (!allowed) wrong.push(`${module} -> ${target}`);
    }
  }
  return wrong;
}

/** Every import circle found by a depth-first walk, as `a -> b -> a`. */
function circlesIn(graph: Map<string, string[]>): string[] {
  const state = new Map<string, 'open' | 'done'>();
  const circles: string[] = [];
  const visit = (module: string, trail: string[]): void => {
    if (state.get(module) === 'done') return;
    if (state.get(module) === 'open') {
      circles.push([...trail.slice(trail.indexOf(module)), module].join(' -> '));
      return;
    }
    state.set(module, 'open');
    for (const target of graph.get(module) ?? []) visit(target, [...trail, module]);
    state.set(module, 'done');
  };
  for (const module of graph.keys()) visit(module, []);
  return circles;
}

test('no module imports from a higher layer, and leaves import no layer', () => {
  assert.equal(upwardImports(importGraph()), []);
});

test('every folder and top-level module of src/ has a layer or is a leaf', () => {
  const unplaced = [...new Set([...importGraph().keys()].map(top))].filter((name) => LAYERS[name] === undefined && !LEAVES.has(name));
  assert.equal(unplaced, []);
});

test('no import circles', () => {
  assert.equal(circlesIn(importGraph()), []);
});

test('the checks can fail: an upward import, a leaf importing a layer and a circle are found', () => {
  const graph = new Map([
    [path.join('catalogue', 'a.ts'), [path.join('writer', 'b.ts')]],
    [path.join('writer', 'b.ts'), [path.join('catalogue', 'a.ts'), path.join('core', 'p.ts')]],
    [path.join('core', 'p.ts'), [path.join('derive', 'd.ts')]],
  ]);
  assert.equal(upwardImports(graph), [`${path.join('catalogue', 'a.ts')} -> ${path.join('writer', 'b.ts')}`, `${path.join('core', 'p.ts')} -> ${path.join('derive', 'd.ts')}`]);
  assert.equal(circlesIn(graph), [`${path.join('catalogue', 'a.ts')} -> ${path.join('writer', 'b.ts')} -> ${path.join('catalogue', 'a.ts')}`]);
});

test.run();
