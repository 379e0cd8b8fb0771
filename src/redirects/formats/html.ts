import { renderTarget } from '../compile.js';
import { compileUnique } from '../unique.js';
import type { RedirectFormatter } from '../types.js';

/**
 * One meta-refresh stub page per exact source, for hosts without server config: `path → html` where path is
 * relative to the web root (`documentation/old/index.html`; a source with capitals also gets a lower-case twin). The stub has a canonical link, `noindex`, a script
 * that keeps the query and fragment, and a plain link. Patterns get no stub (no file can stand for them), nor
 * does a source with an empty, `.` or `..` segment (it could point outside the web root).
 */
export const htmlFormat: RedirectFormatter = {
  id: 'html',
  format(rules, options) {
    const files = new Map<string, string>();
    const site = (options?.siteUrl ?? '').replace(/\/+$/, '');
    for (const c of compileUnique(rules).exact) {
      const file = stubFile(c.from);
      if (!file) continue;
      const to = renderTarget(c.toParts, () => '');
      const canonical = to.startsWith('/') ? site + to : to;
      const delay = c.status === 302 || c.status === 307 ? 2 : 0;
      // static hosts match file names exactly: a source written with capitals also gets its lower-case twin
      for (const f of new Set([file, file.toLowerCase()])) if (!files.has(f)) files.set(f, stubHtml(to, canonical, delay));
    }
    return files;
  },
};

/** `documentation/old/index.html` for `/documentation/old/`, or null for a path that cannot be a safe file. */
export function stubFile(from: string): string | null {
  const segs = from.replace(/^\/+/, '').split('/');
  const dir = from.endsWith('/') || !/\.html?$/i.test(from);
  if (dir && segs[segs.length - 1] === '') segs.pop();
  if (segs.length === 0 || segs.some((s) => s === '' || s === '.' || s === '..')) return null;
  return dir ? [...segs, 'index.html'].join('/') : segs.join('/');
}

function stubHtml(to: string, canonical: string, delay: number): string {
  const a = escapeHtml(to);
  // JSON text, with `<` and the JS line separators escaped so it cannot end the script element
  const js = JSON.stringify(to).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Redirecting…</title>
<meta name="robots" content="noindex">
<link rel="canonical" href="${escapeHtml(canonical)}">
<meta http-equiv="refresh" content="${delay}; url=${a}">
<script>location.replace(${js} + location.search + location.hash)</script>
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
