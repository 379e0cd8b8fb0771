import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { withGlobalOptions, type CliContext, type GlobalOptions } from '../context.js';

interface SuggestOptions extends GlobalOptions {
  since?: string;
  write?: string;
  minConfidence: string;
  out: string;
}

const LEVELS = ['low', 'medium', 'high'];

/** `docsgen suggest-redirects`: a redirect for every URL the last build published that no longer answers. */
export function registerSuggestRedirects(program: Command, ctx: CliContext): void {
  withGlobalOptions(
    program
      .command('suggest-redirects')
      .description('propose a redirect for every URL the last build (or --since) published that is now no page and no redirect source: the page with the same content, the most alike text (shingled Jaccard), the same name, or the parent section, each with its confidence; printed as redirects/*.yaml entries')
      .option('--since <file>', 'compare with this published.json or live sitemap.xml instead of the cache')
      .option('--write <file>', 'append the proposals to this redirects file (written only if all redirects still validate)')
      .option('--out <dir>', 'the output folder whose last build is compared with', 'dist')
      .option('--min-confidence <level>', 'leave out proposals below low, medium or high', 'low'),
  ).action(async (opts: SuggestOptions) => {
    try {
      if (!LEVELS.includes(opts.minConfidence)) return ctx.usage(`--min-confidence must be low, medium or high (got "${opts.minConfidence}")`, opts);
      // loaded on use, so `docsgen --help` and the other commands do not pay for them
      const [{ loadProject }, { discoverPages }, redirects, inbound, { hasErrors }] = await Promise.all([
        import('../../config/index.js'),
        import('../../content/index.js'),
        import('../../redirects/index.js'),
        import('../../inbound/index.js'),
        import('../../diagnostics/index.js'),
      ]);
      const root = ctx.root(opts);
      const project = await loadProject(root);
      const { config } = project;
      const found = await discoverPages(project.contentDir, root, config.variables);
      const loaded = await redirects.loadRedirects(project.redirectsDir, { root });
      const result = await inbound.checkInbound({
        root,
        contentDir: project.contentDir,
        cacheDir: project.cacheDir,
        outDir: path.resolve(root, opts.out),
        pathPrefix: config.pathPrefix,
        siteUrl: config.siteUrl,
        pages: found.pages,
        rules: loaded.outputs.rules,
        mode: 'off',
        propose: true,
        ...(opts.since ? { since: path.resolve(ctx.io.cwd, opts.since) } : {}),
        previousWebRoot: path.join(path.resolve(root, opts.out), 'public'),
      });
      const diagnostics = [...found.diagnostics.filter((d) => d.severity === 'error'), ...loaded.diagnostics.filter((d) => d.severity === 'error'), ...result.diagnostics];
      if (result.previous === null) {
        diagnostics.push({ code: inbound.inboundCodes.NO_PREVIOUS_LIST, severity: 'info', message: 'no earlier list of published URLs: nothing to compare with', hint: 'build once first, or pass the live site\'s list with --since published.json (or sitemap.xml)' });
      }
      const min = LEVELS.indexOf(opts.minConfidence);
      const proposals = result.proposals.filter((p) => LEVELS.indexOf(p.confidence) >= min);
      const moves = inbound.retargets(loaded.outputs.rules, proposals);
      const yaml = inbound.proposalsYaml(proposals, moves);
      let written: string | null = null;
      if (opts.write && proposals.some((p) => p.to) && !hasErrors(diagnostics)) {
        const file = path.resolve(ctx.io.cwd, opts.write);
        const before = existsSync(file) ? await readFile(file, 'utf8') : null;
        await mkdir(path.dirname(file), { recursive: true });
        const touched = new Map<string, string>();
        for (const m of moves) touched.set(m.file, await readFile(path.resolve(root, m.file), 'utf8'));
        await inbound.applyRetargets(root, moves, inbound.yamlScalar);
        const now = existsSync(file) ? await readFile(file, 'utf8') : null;
        await writeFile(file, `${now ?? ''}${now && !now.endsWith('\n') ? '\n' : ''}${now ? '\n' : ''}${inbound.proposalsYaml(proposals)}`);
        // validated as every entry is (chains, loops, duplicates, conflicts); the file is put back on any error
        const check = await redirects.loadRedirects(project.redirectsDir, { root });
        const problems = [...check.diagnostics, ...redirects.validateRedirects(check.outputs.rules, { allowedHosts: config.allowedRedirectHosts, pathPrefix: config.pathPrefix })];
        if (hasErrors(problems)) {
          for (const [f, text] of touched) await writeFile(path.resolve(root, f), text);
          if (before === null) await rm(file, { force: true });
          else await writeFile(file, before);
          diagnostics.push(...problems.filter((d) => d.severity === 'error'), { code: inbound.inboundCodes.PROPOSAL_INVALID, severity: 'error', message: `the proposals were not written to ${opts.write}: the redirects would not validate with them`, hint: 'fix the problems above, or write the entries by hand' });
        } else {
          written = path.relative(root, file) || file;
          if (!file.startsWith(project.redirectsDir + path.sep)) diagnostics.push({ code: inbound.inboundCodes.PROPOSAL_INVALID, severity: 'warning', message: `${opts.write} is not in ${path.relative(root, project.redirectsDir) || '.'}/: the build does not read it`, hint: 'write to redirects/<name>.yaml' });
        }
      }
      const stats = { retargeted: moves.length, removed: result.removed.length, proposals: proposals.filter((p) => p.to).length, written: written ? proposals.filter((p) => p.to).length : 0 };
      if (opts.json) ctx.out(JSON.stringify({ ok: !hasErrors(diagnostics), stats, diagnostics, proposals, written }, null, 2));
      else if (opts.format !== 'github' && !written) ctx.out(yaml.trimEnd() || '# nothing to propose: every URL published before still answers');
      ctx.report(diagnostics, opts);
      if (!opts.json && !opts.quiet && opts.format !== 'github') {
        ctx.err(`${stats.removed} removed ${stats.removed === 1 ? 'URL' : 'URLs'} (compared with ${result.previous ?? 'nothing'}), ${stats.proposals} proposed${written ? `, appended to ${written}` : ''}`);
      }
    } catch (err) {
      ctx.fail(err, opts);
    }
  });
}
