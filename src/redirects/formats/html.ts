import { lowerAscii } from '../encode.js';
import { renderFullTarget } from '../compile.js';
import { compileUnique } from '../unique.js';
import { decodedPathProblem, decodeUrlPart } from '../url-path.js';
import type { ExportOptions, RedirectFormatter, RedirectRule } from '../types.js';

/** What marks a page as a docsgen redirect stub (a later export may replace it; it is not a page). */
export const STUB_MARK = 'docsgen redirect stub';

/** One stub page: its path under the web root, its html, and the rule it stands for. */
export interface StubPage {
  file: string;
  html: string;
  rule: RedirectRule;
}

/**
 * One meta-refresh stub page per exact source, for hosts without server config: `path → html` where path is the
 * decoded source relative to the web root (`documentation/old/index.html`, `documentation/résumé/index.html`, as a
 * static server maps a request to a file; a source with capitals also gets an ASCII-lower-case twin). The stub has
 * a canonical link, `noindex`, a script that keeps the query (`?q`, or `&q` after the target's own) and the
 * fragment (the target's, else the request's, as browsers do on a redirect), and a plain link. Patterns get no
 * stub (no file can stand for them), nor does a source that would not stay a plain file path.
 */
export const htmlFormat: RedirectFormatter = {
  id: 'html',
  format(rules, options) {
    return new Map(htmlStubs(rules, options).map((s) => [s.file, s.html]));
  },
};

/** The stub pages of htmlFormat, each with its rule (for messages at the rule's file:line). */
export function htmlStubs(rules: readonly RedirectRule[], options?: ExportOptions): StubPage[] {
  const files = new Map<string, StubPage>();
  const site = (options?.siteUrl ?? '').replace(/\/+$/, '');
  for (const c of compileUnique(rules).exact) {
    const file = stubFile(c.from);
    if (!file) continue;
    const to = renderFullTarget(c, () => '');
    const canonical = to.startsWith('/') ? site + to : to;
    const delay = c.status === 302 || c.status === 307 ? 2 : 0;
    const html = stubHtml(to, canonical, delay, { path: renderFullTarget({ ...c, toQuery: null, toFragment: null }, () => ''), query: c.toQuery ?? '', fragment: c.toFragment });
    // static hosts match file names exactly: a source written with capitals also gets its lower-case twin
    for (const f of new Set([file, lowerAscii(file)])) if (!files.has(f)) files.set(f, { file: f, html, rule: c.rule });
  }
  return [...files.values()];
}

/**
 * `documentation/old/index.html` for `/documentation/old/` (decoded: `%20` is a space in the file name), or null for
 * a path that cannot be a safe file (bad escapes, an encoded slash, controls, backslashes, empty or dot segments).
 */
export function stubFile(from: string): string | null {
  if (/%2f/i.test(from)) return null;
  const decoded = decodeUrlPart(from);
  if (decoded === null || !decoded.startsWith('/') || decodedPathProblem(decoded) !== null) return null;
  const segs = decoded.replace(/^\/+/, '').split('/');
  const dir = decoded.endsWith('/') || !/\.html?$/i.test(decoded);
  if (dir && segs[segs.length - 1] === '') segs.pop();
  if (segs.length === 0 || segs.some((s) => s === '' || s === '.' || s === '..')) return null;
  return dir ? [...segs, 'index.html'].join('/') : segs.join('/');
}

function stubHtml(to: string, canonical: string, delay: number, target: { path: string; query: string; fragment: string | null }): string {
  const a = escapeHtml(to);
  // JSON text, with `<` and the JS line separators escaped so it cannot end the script element
  const js = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  const script = `(function(p,q,f){var s=location.search.slice(1);location.replace(p+(q||s?"?":"")+q+(q&&s?"&":"")+s+(f===null?location.hash:"#"+f))})(${js(target.path)},${js(target.query)},${js(target.fragment)})`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="generator" content="${STUB_MARK}">
<title>Redirecting…</title>
<meta name="robots" content="noindex">
<link rel="canonical" href="${escapeHtml(canonical)}">
<meta http-equiv="refresh" content="${delay}; url=${a}">
<script>${script}</script>
</head>
<body>
<p>This page has moved to <a href="${a}">${a}</a>.</p>
</body>
</html>
`;
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
