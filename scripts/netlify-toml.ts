/** Writes netlify.toml from the route table: `npm run netlify-toml`. */
import { writeFileSync } from 'node:fs';
import { renderNetlifyToml } from '../src/hosts/netlify/netlify.js';

writeFileSync(new URL('../../netlify.toml', import.meta.url), renderNetlifyToml());
console.log('wrote netlify.toml');
