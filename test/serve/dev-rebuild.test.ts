// `docsgen dev` rebuilds on every input a page depends on, not only Markdown: an edited template and an edited
// docsgen.config.yaml change the page it serves, and the event stream tells the browser to reload. With --strict
// an unknown frontmatter key is an error there as in `build --strict` (a warning without it).
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { execa, type ResultPromise } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import { bin } from '../helpers/cli.js';
import { copyServeFixture } from './site.js';

type Dev = { proc: ResultPromise; output: () => string; url: string; dir: string; events: () => string };
const running: Dev[] = [];

/** Waits until `read()` has matched `re` after `from` characters; fails with what it read otherwise. */
async function waitFor(read: () => string, re: RegExp, from = 0, timeoutMs = 90_000): Promise<RegExpMatchArray> {
  const started = Date.now();
  for (;;) {
    const m = read().slice(from).match(re);
    if (m) return m;
    if (Date.now() - started > timeoutMs) throw new Error(`no ${re} in:\n${read()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Starts `docsgen dev` on 127.0.0.1 on a copy of the serve fixture, and listens to its event stream. */
async function startDev(flags: string[] = []): Promise<Dev> {
  const dir = await copyServeFixture();
  let output = '';
  let events = '';
  const proc = execa(process.execPath, [bin, 'dev', '--host', '127.0.0.1', '--port', '0', ...flags], { cwd: dir, reject: false, env: { NO_COLOR: '1', CI: 'true' }, all: true });
  proc.all!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const dev: Dev = { proc, dir, output: () => output, events: () => events, url: '' };
  running.push(dev);
  dev.url = (await waitFor(dev.output, /Dev server at (http:\/\/127\.0\.0\.1:\d+\/\S*)/))[1]!;
  await waitFor(dev.output, /built \d+ pages|the build failed/);
  const stream = await fetch(new URL('/__docsgen/events', dev.url));
  void (async () => {
    for await (const chunk of stream.body!) events += Buffer.from(chunk).toString();
  })().catch(() => undefined);
  await waitFor(dev.events, /event: hello/);
  return dev;
}

afterEach(async () => {
  for (const dev of running.splice(0)) {
    if (dev.proc.exitCode === null) dev.proc.kill('SIGTERM');
    await dev.proc;
    await rm(dev.dir, { recursive: true, force: true });
  }
});

const page = async (dev: Dev, pagePath: string) => (await fetch(new URL(pagePath, dev.url))).text();

describe('docsgen dev rebuilds', () => {
  it('serves a page with an edited template and an edited config, and tells the browser to reload each time', async () => {
    const dev = await startDev();
    expect(await page(dev, 'guide/install/')).not.toContain('data-edited-template');
    // a template: the doc template marks its article
    const doc = path.join(dev.dir, 'templates/doc.tsx');
    let from = dev.output().length;
    let seen = dev.events().length;
    await writeFile(doc, (await readFile(doc, 'utf8')).replace('<article className="article">', '<article className="article" data-edited-template="yes">'));
    await waitFor(dev.output, /changed: templates\/doc\.tsx; rebuilding…\n(?:.*\n)*?built 4 pages in \d+ ms[^\n]*; pages reloaded/, from);
    await waitFor(dev.events, /event: reload\ndata: \{"build":2\}/, seen);
    expect(await page(dev, 'guide/install/')).toContain('<article class="article" data-edited-template="yes">');

    // the config: another site name in every page's title
    const config = path.join(dev.dir, 'docsgen.config.yaml');
    expect(await page(dev, 'guide/install/')).toContain('<title>Install the fixture | Serve fixture</title>');
    from = dev.output().length;
    seen = dev.events().length;
    await writeFile(config, (await readFile(config, 'utf8')).replace('siteName: Serve fixture', 'siteName: Renamed fixture'));
    await waitFor(dev.output, /changed: docsgen\.config\.yaml; rebuilding…\n(?:.*\n)*?built 4 pages in \d+ ms[^\n]*; pages reloaded/, from);
    await waitFor(dev.events, /event: reload\ndata: \{"build":3\}/, seen);
    const html = await page(dev, 'guide/install/');
    expect(html).toContain('<title>Install the fixture | Renamed fixture</title>');
    expect(html).toContain('data-edited-template="yes"');
  }, 180_000);

  for (const strict of [false, true]) {
    it(`reports an unknown frontmatter key as ${strict ? 'an error with --strict, keeping the last good build' : 'a warning without --strict'}`, async () => {
      const dev = await startDev(strict ? ['--strict'] : []);
      const file = path.join(dev.dir, 'content/guide/install.md');
      const from = dev.output().length;
      const seen = dev.events().length;
      await writeFile(file, (await readFile(file, 'utf8')).replace('order: 1\n', 'order: 1\nsidebar_position: 1\n').replace('The original install text', 'The edited install text'));
      const severity = strict ? 'error' : 'warning';
      const line = `content/guide/install.md:5:1  ${severity}  DG2100  frontmatter key \`sidebar_position\` is not one docsgen reads`;
      await waitFor(dev.output, strict ? /the build failed after \d+ ms/ : /built 4 pages in \d+ ms[^\n]*; pages reloaded/, from);
      expect(dev.output().slice(from).split('\n').some((l) => l.startsWith(line)), dev.output()).toBe(true);
      if (strict) {
        await waitFor(dev.events, /event: problems\ndata: [^\n]*sidebar_position/, seen);
        expect(await page(dev, 'guide/install/')).toContain('The original install text');
      } else {
        expect(await page(dev, 'guide/install/')).toContain('The edited install text');
      }
    }, 120_000);
  }
});
