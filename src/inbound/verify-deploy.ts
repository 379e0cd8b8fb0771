// `docsgen verify-deploy URL`: asks the deployed server every question whose answer the build knows, with bounded
// concurrency, a timeout per request and retries, and reports each answer that differs, at the page or rule it
// came from. Redirects are never followed: only the given origin is ever requested.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import type { Diagnostic } from '../diagnostics/index.js';
import { DiagnosticError } from '../diagnostics/index.js';
import type { RedirectRule } from '../redirects/index.js';
import { inboundCodes } from './codes.js';
import { PUBLISHED_FILE, type PublishedList } from './published.js';
import { planRequests, servedTree, type ExpectedAnswer, type VerifySource } from './verify-plan.js';

/** Options of verifyDeploy. */
export interface VerifyDeployOptions {
  /** The deployed site: an http(s) URL; only its origin is used. */
  url: string;
  /** The build's output folder (public/ and server/ inside). */
  outDir: string;
  root: string;
  pathPrefix: string;
  rules: readonly RedirectRule[];
  concurrency?: number;
  timeoutMs?: number;
  retries?: number;
}

/** One answer that differs from the build's. */
export interface DeployProblem {
  source: string;
  url: string;
  expected: string;
  got: string;
}

/** The origin of an http(s) URL; anything else is a usage error (exit 2). */
export function deployOrigin(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    u = new URL('invalid:');
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    throw new DiagnosticError({ code: inboundCodes.DEPLOY_URL_REFUSED, severity: 'error', message: `verify-deploy ${url}: not an http(s) URL`, hint: 'give the deployed site, e.g. https://docs.example.com or http://127.0.0.1:8080' }, 2);
  }
  return u.origin;
}

/** Requests everything the build expects from the deployed site; problems as diagnostics (DG5220, DG5221). */
export async function verifyDeploy(o: VerifyDeployOptions): Promise<{ diagnostics: Diagnostic[]; problems: DeployProblem[]; stats: { requests: number; sources: number; differing: number; ms: number } }> {
  const started = performance.now();
  const origin = deployOrigin(o.url);
  const publicDir = path.join(o.outDir, 'public');
  let published: PublishedList;
  try {
    published = JSON.parse(await readFile(path.join(o.outDir, 'server', PUBLISHED_FILE), 'utf8'));
  } catch {
    throw new DiagnosticError({ code: inboundCodes.DEPLOY_NO_BUILD, severity: 'error', message: `no build to verify against: ${path.relative(o.root, path.join(o.outDir, 'server', PUBLISHED_FILE)) || PUBLISHED_FILE} is missing or unreadable`, hint: 'run `docsgen build` first (or pass --out to the folder it wrote)' }, 2);
  }
  const list = await fg('**/*', { cwd: publicDir, onlyFiles: true, dot: true, followSymbolicLinks: true });
  const prefixRel = o.pathPrefix.replace(/^\//, '');
  const dataRoot = prefixRel ? `${prefixRel}/page-data/` : 'page-data/';
  const dataFiles = await Promise.all(
    list
      .filter((f) => f.startsWith(dataRoot) && f.endsWith('.json'))
      .sort()
      .map(async (f) => ({ path: `/${f}`, display: path.relative(o.root, path.join(publicDir, f)), ...(f.endsWith('/app-data.json') ? { body: await readFile(path.join(publicDir, f)) } : {}) })),
  );
  const sources = planRequests({ pathPrefix: o.pathPrefix, pages: published.pages.filter((p) => !p.missing), rules: o.rules, tree: servedTree(list), dataFiles });
  const diagnostics: Diagnostic[] = [];
  const problems: DeployProblem[] = [];
  const jobs = sources.flatMap((source) => source.requests.map((expected) => ({ source, expected })));
  const results = new Map<VerifySource, { differ: string[]; unreachable: string[] }>();
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const { source, expected } = jobs[next++]!;
      const r = results.get(source) ?? { differ: [], unreachable: [] };
      results.set(source, r);
      const answer = await ask(origin, expected, o.timeoutMs ?? 10_000, o.retries ?? 2);
      if ('error' in answer) {
        r.unreachable.push(`${expected.target}: ${answer.error}`);
        continue;
      }
      const diff = compare(origin, expected, answer);
      if (diff) {
        r.differ.push(`${expected.target} → ${diff.got} (expected ${diff.expected})`);
        problems.push({ source: source.label, url: origin + expected.target, ...diff });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(o.concurrency ?? 8, jobs.length)) }, worker));
  for (const source of sources) {
    const r = results.get(source);
    if (!r) continue;
    if (r.differ.length) diagnostics.push({ code: inboundCodes.DEPLOY_MISMATCH, severity: 'error', message: `${origin} answers ${source.label} otherwise than the build: ${r.differ.join('; ')}`, hint: hintFor(source.label), location: source.location });
    if (r.unreachable.length) diagnostics.push({ code: inboundCodes.DEPLOY_UNREACHABLE, severity: 'error', message: `${origin} did not answer for ${source.label}: ${r.unreachable.join('; ')}`, hint: 'check that the site is up and reachable; --timeout and --retries give a slow server more time', location: source.location });
  }
  return { diagnostics, problems, stats: { requests: jobs.length, sources: sources.length, differing: problems.length, ms: Math.round(performance.now() - started) } };
}

function hintFor(label: string): string {
  if (label.startsWith('redirect')) return 'the server does not apply the generated redirects: include dist/server/nginx/http.conf in http {} and server.conf in server {} (or deploy _redirects), then reload';
  if (label.startsWith('page')) return 'the page is missing or served otherwise on the server: deploy the whole of dist/public';
  if (label.startsWith('data')) return 'the data files of another build are online (a partial or stale deploy): deploy the whole of dist/public';
  return 'configure the server as dist/server/nginx/server.conf does (error_page 404)';
}

type Answer = { status: number; location: string | null; type: string | null; body: Buffer | null } | { error: string };

/** One request (never followed), retried after a network failure, a timeout, 429 or 502-504. */
async function ask(origin: string, e: ExpectedAnswer, timeoutMs: number, retries: number): Promise<Answer> {
  const url = origin + e.target;
  // a path that would leave the origin (`//host/...`) is never requested
  if (new URL(url).origin !== origin) return { error: 'would leave the origin, not requested' };
  let last = 'no answer';
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, 100 * 2 ** (attempt - 1)));
    try {
      const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(timeoutMs), headers: { 'user-agent': 'docsgen verify-deploy' } });
      const body = e.body ? Buffer.from(await res.arrayBuffer()) : (await res.body?.cancel(), null);
      if ((res.status === 429 || (res.status >= 502 && res.status <= 504)) && attempt < retries) {
        last = `status ${res.status}`;
        continue;
      }
      return { status: res.status, location: res.headers.get('location'), type: res.headers.get('content-type'), body };
    } catch (err) {
      last = (err as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : String((err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message);
    }
  }
  return { error: `${last} (after ${retries + 1} tries)` };
}

/** What differs between the expected and the actual answer, as two short phrases, or null. */
function compare(origin: string, e: ExpectedAnswer, a: Exclude<Answer, { error: string }>): { expected: string; got: string } | null {
  const want = e.location !== undefined ? `${e.status} → ${e.location}` : `${e.status}${e.type ? ` ${e.type}` : ''}`;
  if (a.status !== e.status) return { expected: want, got: `${a.status}${a.location ? ` → ${a.location}` : ''}` };
  if (e.location !== undefined) {
    const base = origin + e.target;
    const norm = (l: string) => new URL(l, base).href;
    if (!a.location || norm(a.location) !== norm(e.location)) return { expected: want, got: `${a.status} → ${a.location ?? '(no Location)'}` };
  }
  const type = a.type?.split(';')[0]!.trim().toLowerCase() ?? '';
  if (e.type && type !== e.type) return { expected: want, got: `${a.status} ${type || '(no Content-Type)'}` };
  if (e.body && a.body && !a.body.equals(e.body)) return { expected: `${want} (this build's bytes)`, got: `${a.status} with other bytes (another build)` };
  return null;
}
