// A tiny built web root for the service-worker tests: a few pages under /documentation/, their page-data,
// a hashed app bundle and stylesheet, app-data and the 404 page, like `docsgen build` writes them.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Writes (or rewrites) the site for one build; `version` changes every page's text and the build hash. */
export async function writeStaticSite(publicDir: string, version: number, pages = ['a', 'b', 'c', 'd']): Promise<{ buildHash: string }> {
  const doc = path.join(publicDir, 'documentation');
  await rm(doc, { recursive: true, force: true });
  const buildHash = `build${version}`.padEnd(20, '0');
  const app = `app-${String(version).repeat(8)}.js`;
  const css = `styles-${String(version).repeat(8)}.css`;
  const html = (title: string, body: string): string =>
    `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>` +
    `<link rel="stylesheet" href="/documentation/${css}"><script>window.___webpackCompilationHash=${JSON.stringify(buildHash)}</script>` +
    `<script src="/documentation/${app}" defer></script></head><body><main id="content">${body}</main></body></html>`;
  const files: Record<string, string> = {
    [app]: `window.appVersion = ${version};`,
    [css]: `body { color: #151515; } /* v${version} */`,
    'index.html': html('Home', `<h1>Home v${version}</h1>`),
    '404.html': html('Not found', '<h1>Page not found</h1>'),
    'page-data/app-data.json': JSON.stringify({ webpackCompilationHash: buildHash }),
    'page-data/index/page-data.json': JSON.stringify({ componentChunkName: 'component---doc', path: '/', result: { pageContext: { v: version } }, staticQueryHashes: [] }),
  };
  for (const p of pages) {
    files[`${p}/index.html`] = html(`Page ${p}`, `<h1>Page ${p} v${version}</h1>`);
    files[`page-data/${p}/page-data.json`] = JSON.stringify({ componentChunkName: 'component---doc', path: `/${p}/`, result: { pageContext: { title: `Page ${p}`, v: version } }, staticQueryHashes: [] });
    // the partial-hydration record an islands page's navigation fetches (with the page's document)
    files[`page-data/${p}/page-data-rsc.json`] = JSON.stringify({ componentChunkName: 'component---doc', path: `/${p}/`, head: { title: `Page ${p}` } });
  }
  for (const [rel, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(doc, rel)), { recursive: true });
    await writeFile(path.join(doc, rel), text);
  }
  return { buildHash };
}
