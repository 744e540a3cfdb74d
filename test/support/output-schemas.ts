import { z } from 'zod';

/** docs/api.md–2.3 as Zod schemas: strict objects, so an extra or missing key fails. */
const dependency = z.strictObject({
  type: z.enum(['lib', 'extract', 'run', 'patch', 'build', 'test', 'fetch']),
  ports: z.array(z.string()).min(1),
});

export const portResource = z.strictObject({
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
  active: z.boolean(),
  categories: z.array(z.string()),
  maintainers: z.array(z.strictObject({ name: z.string(), github: z.string(), ports_count: z.int().positive() })),
  variants: z.array(z.string()),
  dependencies: z.array(dependency),
  depends_on: z.array(dependency),
});

export const PORT_KEYS = Object.keys(portResource.shape);

export const filesPage = z.strictObject({
  count: z.int().nonnegative(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(z.strictObject({ build_id: z.int().positive().max(2147483647), files: z.array(z.strictObject({ file: z.string() })) })),
});

export type PortBody = z.infer<typeof portResource>;
export type FilesPageBody = z.infer<typeof filesPage>;
