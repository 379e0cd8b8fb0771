// The build's link step: every internal link of the staged output, reported at the folder the user will look in.
import path from 'node:path';
import type { Diagnostic } from '../diagnostics/index.js';
import { checkLinks } from './check-links.js';
import type { FileStamp } from './page-runner.js';

/** What checkBuiltLinks needs of the build. */
export interface CheckBuiltLinksOptions {
  /** The staged web root. */
  publicDir: string;
  root: string;
  cacheDir: string;
  /** Reuse the results of pages whose file is unchanged since the last run. */
  resultCache: boolean;
  /** Every file of the web root, relative to it. */
  files: string[];
  /** Where listed files missing from `publicDir` are (the previous output's web root, when committing in place). */
  underDir?: string;
  /** The stamps of the files kept under `underDir`, as the output's listing found them: no stat for each again. */
  keptStamp?: (page: string) => FileStamp | undefined;
  /** `error` fails the build on a broken link; `warn` makes every problem a warning. */
  mode: 'error' | 'warn';
  /** The staging folder and the output folder it becomes. */
  stagedAs: readonly [staging: string, outDir: string];
  onProgress?: (done: number, total: number) => void;
}

/** Checks the staged output's links; problems located in it name the final output folder instead. */
export async function checkBuiltLinks(opts: CheckBuiltLinksOptions): Promise<{ diagnostics: Diagnostic[]; stats: { links: number; linkPagesCached: number; linkAnchorChecks: number; linkCpuMs: number } }> {
  // the process's CPU time over the step, every thread's (nothing else runs then): a figure the load of a shared
  // machine moves far less than `ms.links`
  const cpu = process.cpuUsage();
  const links = await checkLinks({
    dir: opts.publicDir,
    cwd: opts.root,
    cacheDir: opts.cacheDir,
    resultCache: opts.resultCache,
    files: opts.files,
    ...(opts.underDir ? { underDir: opts.underDir } : {}),
    ...(opts.keptStamp ? { keptStamp: opts.keptStamp } : {}),
    ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
  });
  const [staged, final] = opts.stagedAs.map((dir) => path.relative(opts.root, dir));
  for (const d of links.diagnostics) {
    if (d.location?.file.startsWith(staged!)) d.location.file = final + d.location.file.slice(staged!.length);
    if (opts.mode === 'warn' && d.severity === 'error') d.severity = 'warning';
  }
  return { diagnostics: links.diagnostics, stats: { links: links.stats.links, linkPagesCached: links.stats.cachedPages, linkAnchorChecks: links.stats.anchorChecks, linkCpuMs: cpuMs(process.cpuUsage(cpu)) } };
}

function cpuMs(used: NodeJS.CpuUsage): number {
  return Math.round((used.user + used.system) / 1000);
}
