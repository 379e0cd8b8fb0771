import fc from 'fast-check';
import type { Nodes } from 'mdast';
import { describe, expect, it } from 'vitest';
import { compileMarkdown } from '../../src/content/markdown.js';
import { parseMarkdown } from '../../src/content/parse/index.js';
import { schemeOf } from '../../src/util/url-policy.js';
import { hostileSnippet, IMAGE_PROTOCOLS, LINK_PROTOCOLS, unpublishableUrls } from './hostile-urls.js';
import { assertReaching } from '../helpers/reach.js';

// Issue 19, item 1, as properties: generated hostile URLs (schemes, entities, whitespace and control characters,
// mixed case) go through the whole Markdown pipeline (parse → transforms → HTML); no href or src of the HTML
// has a scheme outside the allowlist, and every refused URL is an error at the place the parser found it.
const opts = { root: '/p', contentDir: '/p/content', pathPrefix: '/documentation', variables: {}, imageMaxWidth: 995 };
const HEAD = '---\ntitle: T\ndescription: D\n---\n';
const compile = (text: string) => compileMarkdown(text, '/p/content/a/b.md', 'content/a/b.md', 'a/b.md', opts);

/** The protocol a browser gives a URL on a page of the site; null when it cannot parse it (nothing to follow). */
function browserProtocol(url: string): string | null {
  try {
    return new URL(url, 'https://docs.test/documentation/a/b/').protocol;
  } catch {
    return null;
  }
}

/** Links, images and definitions of a tree whose URL a browser reads with a protocol they may not have. */
function refusable(node: Nodes, out: Nodes[] = []): Nodes[] {
  if (node.type === 'link' || node.type === 'definition' || node.type === 'image') {
    const protocol = browserProtocol(node.url);
    const allowed = node.type === 'image' ? IMAGE_PROTOCOLS : LINK_PROTOCOLS;
    if (protocol !== null && !allowed.has(protocol)) out.push(node);
  }
  if ('children' in node) for (const child of node.children) refusable(child, out);
  return out;
}

describe('hostile URLs through the Markdown pipeline', () => {
  it('never give the HTML an href or src outside the allowlist, and each is an error at its position', async () => {
    await assertReaching(
      fc.asyncProperty(fc.array(hostileSnippet, { minLength: 1, maxLength: 4 }), async (snippets) => {
        const text = `${HEAD}${snippets.join('\n\n')}\n`;
        const r = await compile(text);
        expect(unpublishableUrls(r.html)).toEqual([]);
        const errors = r.diagnostics.filter((d) => d.code === 'DG2010').map((d) => `${d.location?.line}:${d.location?.column}`);
        const expected = refusable(parseMarkdown(text)).map((n) => `${n.position?.start.line}:${n.position?.start.column}`);
        for (const at of expected) expect(errors).toContain(at);
      }),
      { numRuns: 400, seed: 19 },
    );
  });

  it('schemeOf agrees with WHATWG URL parsing on whether a URL has a scheme, and which', () => {
    const unit = fc.constantFrom(...'jJaAvVsScCrRiIpPtT019+-.:/#?% \t\n\r\u0000\u0001\u001f\u007f\u00a0'.split(''));
    assertReaching(
      fc.property(fc.string({ unit, maxLength: 16 }), (url) => {
        let https: string;
        let http: string;
        try {
          https = new URL(url, 'https://b.test/').protocol;
          http = new URL(url, 'http://b.test/').protocol;
        } catch {
          return; // the browser follows nothing
        }
        // relative URLs take the base's scheme; one with a scheme keeps its own whatever the base
        const relative = https === 'https:' && http === 'http:';
        expect(schemeOf(url)).toBe(relative ? null : https.slice(0, -1));
      }),
      { numRuns: 3000, seed: 19 },
    );
  });
});
