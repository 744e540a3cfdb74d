/**
 * Every body the API answers with (docs/api.md), as Zod schemas: strict objects, so an extra or
 * missing key fails. The tests check the built files against them, and the OpenAPI document
 * (render/openapi.ts) is generated from them, so the published schema cannot drift from the bytes.
 */
import * as z from 'zod';

/** The schemas the OpenAPI document names (its components), by their id. */
export const OUTPUT_SCHEMAS = z.registry<{ id: string }>();

const dependency = z.strictObject({
  type: z.enum(['lib', 'extract', 'run', 'patch', 'build', 'test', 'fetch']),
  ports: z.array(z.string()).min(1),
});

const maintainerItem = z.strictObject({
  name: z.string().describe('the name of the maintainer\'s e-mail address, or ""'),
  github: z.string().describe('the GitHub handle, or ""'),
  ports_count: z.int().positive().describe('the ports, active or not, that list this maintainer'),
});

export const portResource = z
  .strictObject({
    name: z.string(),
    portdir: z.string(),
    version: z.string(),
    license: z.string(),
    platforms: z.string(),
    epoch: z.int().nonnegative(),
    replaced_by: z.string().nullable(),
    homepage: z.string(),
    description: z.string(),
    long_description: z.string(),
    active: z.boolean().describe('false for a port the newest PortIndex no longer lists'),
    categories: z.array(z.string()),
    maintainers: z.array(maintainerItem),
    variants: z.array(z.string()),
    dependencies: z.array(dependency).describe('the ports this port depends on, by kind'),
    depends_on: z.array(dependency).describe('the ports that depend on this port, by kind'),
  })
  .register(OUTPUT_SCHEMAS, { id: 'Port' });

export const PORT_KEYS = Object.keys(portResource.shape);

/** DRF's page-number pagination envelope around `item`. */
function page<T extends z.ZodType>(item: T) {
  return z.strictObject({
    count: z.int().nonnegative().describe('items over all pages'),
    next: z.string().nullable().describe('the next page\'s URL, or null on the last page'),
    previous: z.string().nullable().describe('the previous page\'s URL, or null on the first'),
    results: z.array(item),
  });
}

const build = z.strictObject({ build_id: z.int().positive().max(2147483647), files: z.array(z.strictObject({ file: z.string() })) });

export const filesPage = page(build).register(OUTPUT_SCHEMAS, { id: 'FilesPage' });
export const portsPage = page(portResource).register(OUTPUT_SCHEMAS, { id: 'PortsPage' });

const categoryItem = z.strictObject({ name: z.string(), ports_count: z.int().nonnegative().describe('every port in it, active or not') });
export const categoriesPage = page(categoryItem).register(OUTPUT_SCHEMAS, { id: 'CategoriesPage' });
const categoryResource = z
  .strictObject({ name: z.string(), ports_count: z.int().nonnegative().describe('its active ports'), ports: z.array(z.string()).describe('its active ports, in catalogue order') })
  .register(OUTPUT_SCHEMAS, { id: 'Category' });

export const maintainersPage = page(maintainerItem).register(OUTPUT_SCHEMAS, { id: 'MaintainersPage' });
const maintainerResource = z
  .array(maintainerItem.extend({ ports: z.array(z.string()).describe('the maintainer\'s active ports, in catalogue order') }))
  .describe('every maintainer with this GitHub handle (one handle can have several addresses); [] for an unknown handle')
  .register(OUTPUT_SCHEMAS, { id: 'Maintainers' });

export const apiRoot = z.strictObject({ ports: z.string(), category: z.string(), files: z.string(), maintainer: z.string() }).register(OUTPUT_SCHEMAS, { id: 'ApiRoot' });

export const errorBody = z.strictObject({ detail: z.string() }).register(OUTPUT_SCHEMAS, { id: 'Error' });

/** `dump/ports.json`: every port object, in catalogue order. */
export const portsDump = z.array(portResource).register(OUTPUT_SCHEMAS, { id: 'PortsDump' });

/** An entry of `dump/versions.json` (see render/versions). */
const versionEntry = z.strictObject({
  version: z.string(),
  revision: z.union([z.int().nonnegative(), z.string()]).describe('the catalogue\'s revision: a number, 0 when absent; text that is not a number stays text'),
  epoch: z.int().nonnegative(),
  portdir: z.string(),
  active: z.boolean(),
});
export const versionsDump = z.record(z.string(), versionEntry).describe('every port by name, in catalogue order').register(OUTPUT_SCHEMAS, { id: 'Versions' });

export type PortBody = z.infer<typeof portResource>;
export type FilesPageBody = z.infer<typeof filesPage>;
export type MaintainerItemBody = z.infer<typeof maintainerItem>;
export type CategoryItemBody = z.infer<typeof categoryItem>;
export type CategoryBody = z.infer<typeof categoryResource>;
export type MaintainersBody = z.infer<typeof maintainerResource>;
export type BuildBody = z.infer<typeof build>;
