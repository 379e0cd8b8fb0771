/** One redirect as docsgen's `redirects.json` (Gatsby's shape) lists it; other fields are ignored. */
export interface RedirectListEntry {
  fromPath: string;
  toPath: string;
}

interface PatternRule {
  regex: RegExp;
  names: string[];
  toPath: string;
}

/**
 * Answers "does the server redirect this path, and where to?" for exact sources, `:name` segments and a
 * trailing `*` splat, case-insensitively (every docsgen redirect ignores case). A source matches with or
 * without its trailing slash because the exported server configs answer both.
 */
export class RedirectMatcher {
  private readonly exact = new Map<string, string>();
  private readonly patterns: PatternRule[] = [];

  /** `alsoWithout`: a prefix the link may carry that the redirect sources were written without. */
  constructor(rules: readonly RedirectListEntry[], private readonly alsoWithout = '') {
    for (const rule of rules) {
      if (typeof rule.fromPath !== 'string' || typeof rule.toPath !== 'string') continue;
      const from = rule.fromPath.split('?')[0]!;
      if (from.includes('*') || from.includes('/:')) this.patterns.push(compilePattern(from, rule.toPath));
      else if (!this.exact.has(key(from))) this.exact.set(key(from), rule.toPath);
    }
  }

  /** Number of rules loaded. */
  get size(): number {
    return this.exact.size + this.patterns.length;
  }

  /** The target of the redirect the server applies to `urlPath` (decoded), or null. */
  match(urlPath: string): string | null {
    const hit = this.matchOne(urlPath);
    if (hit !== null || !this.alsoWithout) return hit;
    if (urlPath.startsWith(`${this.alsoWithout}/`)) {
      const target = this.matchOne(urlPath.slice(this.alsoWithout.length));
      if (target !== null) return target.startsWith('/') ? `${this.alsoWithout}${target}` : target;
    }
    return null;
  }

  private matchOne(urlPath: string): string | null {
    const twin = urlPath.endsWith('/') ? urlPath.replace(/\/+$/, '') || '/' : `${urlPath}/`;
    for (const candidate of [urlPath, twin]) {
      const target = this.exact.get(key(candidate));
      if (target !== undefined) return target;
    }
    for (const p of this.patterns) {
      for (const candidate of [urlPath, twin]) {
        const m = p.regex.exec(candidate);
        if (m) return substitute(p, m);
      }
    }
    return null;
  }
}

function key(p: string): string {
  return p.toLowerCase();
}

function compilePattern(from: string, toPath: string): PatternRule {
  const names: string[] = [];
  let source = '';
  const splat = from.endsWith('*');
  const body = splat ? from.slice(0, -1) : from;
  for (const part of body.split(/(\/:[A-Za-z_][A-Za-z0-9_]*)/)) {
    if (/^\/:[A-Za-z_]/.test(part)) {
      names.push(part.slice(2));
      source += '/([^/]+)';
    } else {
      source += part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    }
  }
  if (splat) {
    names.push('splat');
    source += '(.*)';
  }
  return { regex: new RegExp(`^${source}$`, 'i'), names, toPath };
}

function substitute(p: PatternRule, m: RegExpExecArray): string {
  let target = p.toPath;
  p.names.forEach((name, i) => {
    const value = m[i + 1] ?? '';
    target = name === 'splat' ? target.replace(/:splat|\*/g, value) : target.replace(new RegExp(`:${name}(?![A-Za-z0-9_])`, 'g'), value);
  });
  return target;
}

/**
 * Reads redirect rules from text: a JSON array of `{fromPath, toPath}` (docsgen's and Gatsby's
 * `redirects.json`; `{from, to}` also accepted) or Netlify `_redirects` lines (`from  to  [status]`).
 * Throws with a readable message when neither.
 */
export function parseRedirectRules(text: string): RedirectListEntry[] {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    const data = JSON.parse(text) as unknown;
    const list = Array.isArray(data) ? data : (data as { redirects?: unknown }).redirects;
    if (!Array.isArray(list)) throw new Error('expected a JSON array of {fromPath, toPath}');
    return list.map((entry: Record<string, unknown>, i) => {
      const fromPath = entry?.fromPath ?? entry?.from;
      const toPath = entry?.toPath ?? entry?.to;
      if (typeof fromPath !== 'string' || typeof toPath !== 'string') throw new Error(`entry ${i + 1} has no fromPath/toPath strings`);
      return { fromPath, toPath };
    });
  }
  const rules: RedirectListEntry[] = [];
  for (const line of text.split(/\r?\n/)) {
    const t = line.trim();
    if (!t || t.startsWith('#')) continue;
    const [from, to, status] = t.split(/\s+/);
    // 200 rewrites and 404s are not redirects a link should be updated for
    if (!from || !to || (status && !/^30[1278]!?$/.test(status))) continue;
    rules.push({ fromPath: from, toPath: to });
  }
  return rules;
}
