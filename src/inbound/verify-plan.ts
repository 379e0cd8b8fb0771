// What a deployed site must answer, request by request, computed from the build alone: its web root's files, its
// redirect rules (through the matcher every server config shares) and its list of published pages.
import { compileRedirectMatcher, needsTrailingSlash, type RedirectRule } from '../redirects/index.js';

/** One request and the answer the build expects for it. */
export interface ExpectedAnswer {
  /** Path and query as sent (percent-encoded). */
  target: string;
  status: number;
  /** For a redirect: the Location, as the target path (+ query + fragment) the rule gives. */
  location?: string;
  /** Media type the answer must have (`text/html`, `application/json`), when the build decides it. */
  type?: string;
  /** Bytes the body must have (app-data.json: another build's would mean a stale or partial deploy). */
  body?: Buffer;
}

/** A group of requests that share one origin in the build: a page, a redirect rule, the 404 page, a data file. */
export interface VerifySource {
  /** How messages name it: `page /documentation/a/`, `redirect /old/ → /new/`, … */
  label: string;
  location: { file: string; line: number; column: number };
  requests: ExpectedAnswer[];
}

/** The web root as served: every file's decoded path (`/documentation/a/index.html`) and every folder. */
export interface ServedTree {
  files: ReadonlySet<string>;
  dirs: ReadonlySet<string>;
}

/** The served tree of a list of web-root-relative file paths (dot files are not served). */
export function servedTree(list: readonly string[]): ServedTree {
  const files = new Set<string>();
  const dirs = new Set<string>(['/']);
  for (const f of list) {
    if (/(^|\/)\./.test(f)) continue;
    files.add(`/${f}`);
    const parts = f.split('/');
    for (let i = 1; i < parts.length; i++) dirs.add(`/${parts.slice(0, i).join('/')}`);
  }
  return { files, dirs };
}

const TYPES: Record<string, string> = { html: 'text/html', json: 'application/json' };
const typeOf = (p: string) => TYPES[/\.([a-z0-9]+)$/i.exec(p)?.[1]?.toLowerCase() ?? ''];

/** The expectation for one request: a redirect rule first, then a file, a folder's slash redirect, else the 404 page. */
export function expectAnswer(target: string, tree: ServedTree, match: ReturnType<typeof compileRedirectMatcher>): ExpectedAnswer {
  const q = target.indexOf('?');
  const [raw, search] = q < 0 ? [target, ''] : [target.slice(0, q), target.slice(q)];
  const m = match(raw, search);
  if (m) return { target, status: m.status, location: m.location };
  let decoded: string;
  try {
    decoded = decodeURI(raw);
  } catch {
    return { target, status: 404, type: 'text/html' };
  }
  const file = decoded.endsWith('/') ? `${decoded}index.html` : decoded;
  if (tree.files.has(file)) {
    const type = typeOf(file);
    return { target, status: 200, ...(type ? { type } : {}) };
  }
  if (needsTrailingSlash(decoded, tree.dirs.has(decoded))) return { target, status: 301, location: `${raw}/${search}` };
  return { target, status: 404, type: 'text/html' };
}

/** Swaps ASCII letters to upper case outside percent-escapes (a server that promises case-insensitive sources must match it). */
function upper(path: string): string {
  return path.replace(/%[0-9a-f]{2}|[a-z]+/gi, (s) => (s.startsWith('%') ? s : s.toUpperCase()));
}

/** The query verify-deploy adds to check that redirects keep a request's query. */
export const PROBE_QUERY = '?docsgen-verify=1';

/** Every request to make: each page (and its slashless form), each redirect source, a sample of each pattern, the 404 page, the data files. */
export function planRequests(o: {
  pathPrefix: string;
  pages: ReadonlyArray<{ url: string; file?: string }>;
  rules: readonly RedirectRule[];
  tree: ServedTree;
  dataFiles: ReadonlyArray<{ path: string; display: string; body?: Buffer }>;
}): VerifySource[] {
  const match = compileRedirectMatcher(o.rules);
  // a published page is expected whatever the local web root holds now (it may be the folder being served)
  const files = new Set(o.tree.files);
  const dirs = new Set(o.tree.dirs);
  for (const p of o.pages) {
    files.add(`${p.url}index.html`);
    const parts = p.url.split('/').filter(Boolean);
    for (let i = 1; i <= parts.length; i++) dirs.add(`/${parts.slice(0, i).join('/')}`);
  }
  const expect = (target: string) => expectAnswer(target, { files, dirs }, match);
  const sources: VerifySource[] = [];
  const at = (file: string) => ({ file, line: 1, column: 1 });
  for (const p of o.pages) {
    const url = encodeURI(p.url);
    const requests = [expect(url)];
    if (url.endsWith('/') && url.length > 1) requests.push(expect(url.slice(0, -1) + PROBE_QUERY));
    sources.push({ label: `page ${p.url}`, location: at(p.file ?? 'dist/server/published.json'), requests });
  }
  for (const r of o.rules) {
    const pattern = /\/[:*]/.test(r.from);
    // a pattern: one sample path per rule (each `:name` and the splat filled in)
    const from = pattern ? r.from.replace(/\/:[^/]+/g, '/docsgen-verify').replace(/\/\*$/, '/docsgen/verify') : r.from;
    const toggled = from.endsWith('/') ? from.slice(0, -1) : `${from}/`;
    const requests = [expect(from), expect(upper(toggled) + PROBE_QUERY)];
    sources.push({ label: `redirect ${r.from} → ${r.to}`, location: r.location, requests });
  }
  sources.push({ label: 'the 404 page', location: at(`dist/public${o.pathPrefix}/404.html`), requests: [expect(`${o.pathPrefix}/docsgen-verify-no-such-page/`)] });
  for (const d of o.dataFiles) {
    const e = expect(encodeURI(d.path));
    sources.push({ label: `data file ${d.path}`, location: at(d.display), requests: [d.body ? { ...e, body: d.body } : e] });
  }
  return sources;
}
