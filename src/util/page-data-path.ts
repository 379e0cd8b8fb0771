// Where a page's page-data lives: named by the pagedata stage, and needed where a page's files are assembled
// (render) and proposed (inbound). Here, not behind pagedata/index.ts, so assembling a page does not load the
// stages the pagedata barrel brings (the redirect formats, the content parser), which a no-change build never runs.

/** `page-data/{path or index}/page-data.json` relative to the prefix folder; `/404.html` stays as Gatsby names it. */
export function pageDataFile(pagePath: string): string {
  const p = pagePath.replace(/^\/+|\/+$/g, '');
  return `page-data/${p === '' ? 'index' : p}/page-data.json`;
}
