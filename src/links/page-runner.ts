import { readFileSync } from 'node:fs';
import path from 'node:path';
import { checkPage, type CheckContext, type OutcomeCache, type PageResult } from './check-page.js';
import { RedirectMatcher, type RedirectRule } from './redirect-matcher.js';
import { SiteIndex } from './site-index.js';

/** What a thread is given once, before any page: plain data so it can be posted to a worker. */
export interface RunnerInit {
  dir: string;
  /** Every file of the site relative to `dir`, NUL-separated. */
  files: string;
  redirects: RedirectRule[] | null;
  redirectsAlsoWithout: string;
  pathPrefix: string;
  collectExternal: boolean;
}

/** A page that could not be read. */
export interface PageError {
  page: string;
  message: string;
}

/** The answer for one batch of pages. */
export interface BatchResult {
  results: PageResult[];
  errors: PageError[];
}

/** Builds a thread's checking context (file index, redirect matcher) from its init data. */
export function createContext(init: RunnerInit): CheckContext {
  return {
    index: new SiteIndex(init.files ? init.files.split('\0') : [], init.pathPrefix),
    redirects: init.redirects ? new RedirectMatcher(init.redirects, init.redirectsAlsoWithout) : null,
    pathPrefix: init.pathPrefix,
    collectExternal: init.collectExternal,
  };
}

/** Reads and checks a batch of pages on the current thread. */
export function checkBatch(dir: string, pages: readonly string[], ctx: CheckContext, cache: OutcomeCache): BatchResult {
  const results: PageResult[] = [];
  const errors: PageError[] = [];
  for (const page of pages) {
    let html: string;
    try {
      html = readFileSync(path.join(dir, page), 'utf8');
    } catch (err) {
      errors.push({ page, message: (err as Error).message });
      continue;
    }
    results.push(checkPage(page, html, ctx, cache));
  }
  return { results, errors };
}
