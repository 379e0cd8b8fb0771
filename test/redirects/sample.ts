// Shared by the redirect tests: the sample site's rules, its page list, and a fake web root for real servers.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../helpers/cli.js';
import { loadRedirects, type RedirectRule } from '../../src/redirects/index.js';

/** The sample site's redirect rules (fails the test when the source has problems). */
export async function loadSampleRules(): Promise<RedirectRule[]> {
  const loaded = await loadRedirects(path.join(repoRoot, 'redirects'), { root: repoRoot });
  if (loaded.diagnostics.length) throw new Error(JSON.stringify(loaded.diagnostics, null, 2));
  return loaded.outputs.rules;
}

/** A concrete request path for a rule: patterns get `Some-Value` for each `:name` and `a/b` for the splat. */
export function samplePath(rule: RedirectRule): string {
  return rule.from.replace(/\/:[A-Za-z_][A-Za-z0-9_]*/g, '/Some-Value').replace(/\/\*$/, '/a/b');
}

/** Mixed-case variants of a path (the prefix too), without touching percent-escapes. */
export function casings(p: string): string[] {
  const upper = p.toUpperCase();
  let flip = false;
  const mixed = p.replace(/[a-z]/g, (c) => ((flip = !flip) ? c.toUpperCase() : c));
  return [...new Set([p, upper, mixed])];
}

/**
 * A small built site in a temp folder (the real build is written by others): index.html for every internal
 * target, 404.html and 500.html, page-data, sw.js, a hashed bundle, a plain image, a PDF and a folder named like a file.
 */
export async function makeFakeSite(rules: readonly RedirectRule[]): Promise<{ root: string; pages: Set<string> }> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'docsgen-site-'));
  const pages = new Set<string>(['/documentation/', '/documentation/glossary/']);
  for (const r of rules) if (r.to.startsWith('/') && !r.to.includes(':')) pages.add(r.to);
  const put = async (rel: string, text: string) => {
    await mkdir(path.dirname(path.join(root, rel)), { recursive: true });
    await writeFile(path.join(root, rel), text);
  };
  for (const p of pages) await put(`${p}index.html`, `<!doctype html><title>${p}</title><p>page ${p}</p>`);
  await put('documentation/404.html', '<!doctype html><title>Not found</title><p>NOT-FOUND-PAGE</p>');
  await put('documentation/500.html', '<!doctype html><title>Error</title><p>SERVER-ERROR-PAGE</p>');
  await put('documentation/page-data/app-data.json', '{"webpackCompilationHash":"abc"}');
  await put('documentation/page-data/index/page-data.json', '{"path":"/documentation/"}');
  await put('documentation/sw.js', 'self.addEventListener("fetch", () => {});');
  await put('documentation/app-3f9a1c2b7d.js', 'console.log(1)');
  await put('documentation/component---doc-9c41e0d2aa.css', 'body{}');
  await put('documentation/images/photo.png', 'png');
  await put('documentation/guide.pdf', '%PDF-1.4');
  await put('documentation/data.json/index.html', 'a folder named like a file');
  return { root, pages };
}
