import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, runDocsgen } from '../helpers/cli.js';
import { createSearch } from '../../src/client/search.js';

// The relevance fixture: known pages, and for each query the page a reader expects first. The browser's own
// engine runs here on the index the build wrote (read from disk instead of fetched).
const QUERIES: Array<[query: string, first: string]> = [
  // title words
  ['basemap', '/maps/basemaps/'],
  ['vector tiles', '/maps/vector-tiles/'],
  ['popups', '/maps/popups/'],
  ['geocoding', '/data/geocoding/'],
  ['oauth', '/security/oauth/'],
  ['api keys', '/security/api-keys/'],
  ['edit features', '/data/editing/'],
  // heading words
  ['rotate', '/security/api-keys/'],
  ['spatial queries', '/data/query/'],
  ['attachments', '/data/editing/'],
  ['refresh tokens', '/security/oauth/'],
  ['batch', '/data/geocoding/'],
  // a phrase from a paragraph
  ['lighthouse keeper palette', '/maps/basemaps/'],
  ['stay sharp at every zoom level', '/maps/vector-tiles/'],
  ['long-lived access token', '/security/api-keys/'],
  // API names from code
  ['queryFeatures', '/data/query/'],
  ['VectorTileLayer', '/maps/vector-tiles/'],
  ['applyEdits', '/data/editing/'],
  ['resultOffset', '/data/query/'],
  // misspellings
  ['geocodng', '/data/geocoding/'],
  ['atachments', '/data/editing/'],
  ['basemapp', '/maps/basemaps/'],
  // a prefix, as typed so far
  ['paginat', '/data/query/'],
];

let search: ReturnType<typeof createSearch>;
let publicDir: string;

beforeAll(async () => {
  const site = await copyFixture('search/relevance-site');
  const built = await runDocsgen(['build', '--root', site]);
  expect(built.exitCode, built.stderr).toBe(0);
  publicDir = path.join(site, 'dist/public');
  search = createSearch('/documentation/search', { json: async (url) => JSON.parse(await readFile(path.join(publicDir, url), 'utf8')) });
}, 120_000);

describe('search relevance', () => {
  it.each(QUERIES)('%s → %s first', async (query, first) => {
    const answer = await search(query);
    expect(answer.hits[0]?.path, JSON.stringify(answer.hits.map((h) => h.path))).toBe(first);
  });

  it('leaves out drafts and pages with `search: false`, and says what is closest when nothing matches', async () => {
    expect((await search('zanzibar')).hits).toEqual([]);
    expect((await search('quokka')).hits).toEqual([]);
    const none = await search('geocodign xylophone');
    expect(none.hits).toEqual([]);
    expect(none.suggestions).toContain('geocoding');
  });

  it('indexes every published page once, with its section path', async () => {
    const manifest = JSON.parse(await readFile(path.join(publicDir, 'documentation/search/index.json'), 'utf8'));
    expect(manifest.docs).toBe(12);
    const docs = (await Promise.all(manifest.blocks.map(async (b: string) => JSON.parse(await readFile(path.join(publicDir, 'documentation/search', b), 'utf8'))))).flat();
    expect(docs).toContainEqual(['/security/oauth/', 'OAuth 2.0', 'Developer guide › Security']);
    expect(docs.map((d: string[]) => d[0])).not.toContain('/security/hidden/');
  });
});
