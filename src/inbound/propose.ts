// A target for each removed URL, best evidence first: a page with the same bytes (content hash), the file git
// says it was renamed to, the page whose text is most alike (shingled Jaccard, see similarity.ts), a page of the
// same name elsewhere, else the nearest parent section that is still a page.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pageDataFile } from '../pagedata/index.js';
import { goneFiles, textBefore, type GoneFile } from './git-history.js';
import type { CurrentPage, PublishedEntry } from './published.js';
import { jaccard, pageShingles } from './similarity.js';

/** How a target was found. */
export type ProposalMethod = 'same-content' | 'git-rename' | 'similar-text' | 'same-name' | 'parent-section';
/** How sure the proposal is: high (same content, or text ≥ 0.8 alike), medium (≥ 0.5, a rename, a name), low (a parent). */
export type Confidence = 'high' | 'medium' | 'low';

/** A redirect proposed for a removed URL (`to` null when no page fits, not even the home page). */
export interface Proposal {
  from: string;
  to: string | null;
  method: ProposalMethod | null;
  confidence: Confidence;
  /** 0-1: 1 for the same bytes; git's rename similarity; the Jaccard index; 0.5 for a name; shared segments for a parent. */
  score: number;
  /** One line for a person: why this target. */
  reason: string;
  /** The file that removed the URL (its old Markdown file or redirects file), relative to the root; null when unknown. */
  file: string | null;
}

/** Everything proposing needs, read lazily and once per build. */
export interface ProposeContext {
  root: string;
  contentDir: string;
  pathPrefix: string;
  pages: readonly CurrentPage[];
  /** The previous build's web root (its page-data holds the old pages' text), when it is still there. */
  previousWebRoot: string | null;
}

/** Thresholds of the text similarity (Jaccard index of 3-word shingles). */
export const SIMILAR_HIGH = 0.8;
export const SIMILAR_MEDIUM = 0.5;

const segments = (url: string) => url.split('/').filter(Boolean);

/** Proposes a target for each removed entry; runs `git log` once for all of them. */
export async function proposeTargets(removed: readonly PublishedEntry[], ctx: ProposeContext): Promise<Proposal[]> {
  if (removed.length === 0) return [];
  const url = (p: CurrentPage) => `${ctx.pathPrefix}${p.pagePath}`;
  const byHash = new Map<string, CurrentPage>();
  const byFile = new Map<string, CurrentPage>();
  const byUrl = new Map<string, CurrentPage>();
  for (const p of ctx.pages) {
    if (!byHash.has(p.textHash)) byHash.set(p.textHash, p);
    byFile.set(p.displayFile, p);
    byUrl.set(url(p), p);
  }
  const contentRel = path.relative(ctx.root, ctx.contentDir).split(path.sep).join('/') || '.';
  const gone = await goneFiles(ctx.root, contentRel);
  // a URL known only by its address (a sitemap) finds its old file by the URL that file had
  const { pagePathOf } = await import('../content/index.js');
  const goneByUrl = new Map<string, GoneFile>();
  for (const g of gone.values()) {
    const rel = path.posix.relative(contentRel, g.file);
    if (!rel.startsWith('..')) goneByUrl.set(`${ctx.pathPrefix}${pagePathOf(rel)}`, g);
  }
  let current: Array<{ page: CurrentPage; shingles: Set<string> }> | null = null;
  const currentShingles = async () =>
    (current ??= await Promise.all(ctx.pages.map(async (page) => ({ page, shingles: pageShingles(page.frontmatter.title, await readFile(page.file, 'utf8').catch(() => '')) }))));

  const out: Proposal[] = [];
  for (const entry of removed) {
    const g = (entry.file ? gone.get(entry.file) : undefined) ?? goneByUrl.get(entry.url);
    const file = entry.file ?? g?.file ?? null;
    const base = { from: entry.url, file };
    const same = entry.hash ? byHash.get(entry.hash) : undefined;
    if (same) {
      out.push({ ...base, to: url(same), method: 'same-content', confidence: 'high', score: 1, reason: `${same.displayFile} has the same content` });
      continue;
    }
    const renamed = g?.renamedTo ? byFile.get(g.renamedTo) : undefined;
    if (renamed && g?.similarity !== undefined) {
      out.push({ ...base, to: url(renamed), method: 'git-rename', confidence: g.similarity >= SIMILAR_HIGH ? 'high' : 'medium', score: g.similarity, reason: `git: renamed to ${renamed.displayFile} (${Math.round(g.similarity * 100)}% alike)` });
      continue;
    }
    const oldText = await previousText(entry, ctx, g);
    let best: { page: CurrentPage; score: number } | null = null;
    if (oldText) {
      const old = pageShingles(oldText.title, oldText.text);
      for (const c of await currentShingles()) {
        const score = jaccard(old, c.shingles);
        if (!best || score > best.score) best = { page: c.page, score };
      }
    }
    if (best && best.score >= SIMILAR_MEDIUM) {
      out.push({ ...base, to: url(best.page), method: 'similar-text', confidence: best.score >= SIMILAR_HIGH ? 'high' : 'medium', score: round(best.score), reason: `${best.page.displayFile} has ${Math.round(best.score * 100)}% of its text (shingled Jaccard)` });
      continue;
    }
    const name = segments(entry.url).at(-1);
    const named = name ? ctx.pages.filter((p) => segments(p.pagePath).at(-1) === name && p.pagePath !== '/') : [];
    if (named.length > 0) {
      const pick = named.sort((a, b) => (a.pagePath < b.pagePath ? -1 : 1))[0]!;
      out.push({ ...base, to: url(pick), method: 'same-name', confidence: 'medium', score: 0.5, reason: `${pick.displayFile} has the same name${named.length > 1 ? ` (one of ${named.length})` : ''}` });
      continue;
    }
    const parts = segments(entry.url);
    let parent: CurrentPage | undefined;
    let depth = parts.length - 1;
    for (; depth >= 0 && !parent; depth--) parent = byUrl.get(`/${parts.slice(0, depth).join('/')}${depth > 0 ? '/' : ''}`);
    if (parent) {
      out.push({ ...base, to: url(parent), method: 'parent-section', confidence: 'low', score: round((depth + 1) / Math.max(1, parts.length)), reason: `nearest parent section still published (${parent.displayFile})` });
    } else {
      out.push({ ...base, to: null, method: null, confidence: 'low', score: 0, reason: 'no page fits: not even a parent section is published' });
    }
  }
  return out;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/** The removed page's title and text: from the previous output's page data, else from git. */
async function previousText(entry: PublishedEntry, ctx: ProposeContext, gone: GoneFile | undefined): Promise<{ title?: string; text: string } | null> {
  if (ctx.previousWebRoot && entry.url.startsWith(`${ctx.pathPrefix}/`)) {
    try {
      const data = JSON.parse(await readFile(path.join(ctx.previousWebRoot, ctx.pathPrefix, pageDataFile(entry.url.slice(ctx.pathPrefix.length))), 'utf8'));
      const page = data?.result?.pageContext;
      if (typeof page?.html === 'string') return { title: typeof page.title === 'string' ? page.title : entry.title, text: page.html };
    } catch {
      // no previous output for it: git may still have the text
    }
  }
  const text = gone ? await textBefore(ctx.root, gone) : null;
  return text === null ? null : { ...(entry.title ? { title: entry.title } : {}), text };
}
