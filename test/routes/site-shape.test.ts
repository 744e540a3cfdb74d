import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { indexOfShape, type SiteShape } from '../../src/routes/site-shape.js';

const SHAPE: SiteShape = {
  ports: ['SDL2', 'zlib'],
  pages: 3,
  listPages: { ports: 1, category: 1, maintainer: 1 },
  categories: ['devel', 'Graphics'],
  maintainers: ['jmroot'],
};

test("each instance route's names are keyed as its lookup compares them, once", () => {
  const site = indexOfShape(SHAPE, undefined);
  assert.equal([...site.names.ports], [['sdl2', 'SDL2'], ['zlib', 'zlib']]);
  assert.equal([...site.names.category], [['devel', 'devel'], ['Graphics', 'Graphics']]);
  assert.equal([...site.names.maintainer], [['jmroot', 'jmroot']]);
  assert.is(site.names.ports, site.names.ports);
  assert.equal(site.pages, { ports: 1, category: 1, maintainer: 1, files: 3 });
});

test.run();
