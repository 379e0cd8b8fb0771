// Apart from compile-templates.ts so that render threads, which need the name, do not load esbuild with it.

/** The chunk name of a template in page-data, Gatsby-style: `component---doc`. */
export function chunkNameOf(template: string): string {
  return `component---${template}`;
}
