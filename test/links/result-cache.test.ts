import { mkdir, mkdtemp, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkLinks } from '../../src/links/index.js';

// The link checker's result cache: a page whose file is the same file (inode, size, mtime) is not parsed again;
// any other page is, and its new result replaces the old one.
let dir: string;
let site: string;
let cacheDir: string;

const page = (links: string[]) => `<!DOCTYPE html><html><body>${links.map((l) => `<a href="${l}">x</a>`).join('')}</body></html>`;

async function check() {
  const r = await checkLinks({ dir: site, cwd: dir, cacheDir, resultCache: true, concurrency: 1 });
  return { cached: r.stats.cachedPages, problems: r.outputs.problems.map((p) => `${p.page} ${p.href} ${p.kind}`) };
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-link-cache-'));
  site = path.join(dir, 'public');
  cacheDir = path.join(dir, 'cache');
  await mkdir(path.join(site, 'b'), { recursive: true });
  await writeFile(path.join(site, 'index.html'), page(['/b/', '/c.html']));
  await writeFile(path.join(site, 'b/index.html'), page(['/']));
  await writeFile(path.join(site, 'c.html'), page(['/b/']));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the link result cache', () => {
  it('keeps every page of a first run and reuses them while their files are unchanged', async () => {
    expect(await check()).toEqual({ cached: 0, problems: [] });
    expect(await check()).toEqual({ cached: 3, problems: [] });
  });

  it('checks again a page whose file changed, even with the same size and mtime', async () => {
    await check();
    const file = path.join(site, 'c.html');
    const before = await stat(file);
    // same length, new bytes, old mtime: only the inode tells (a docsgen build writes a new file)
    const replaced = page(['/x/']);
    expect(Buffer.byteLength(replaced)).toBe(before.size);
    await writeFile(`${file}.new`, replaced);
    await utimes(`${file}.new`, before.atime, before.mtime);
    await rename(`${file}.new`, file);
    expect(await check()).toEqual({ cached: 2, problems: ['c.html /x/ missing-page'] });
    // and the new result is what the next run reuses
    expect(await check()).toEqual({ cached: 3, problems: ['c.html /x/ missing-page'] });
  });

  it('checks every page again when the site gains a file (links may resolve differently)', async () => {
    await check();
    await writeFile(path.join(site, 'd.html'), page(['/nowhere/']));
    expect(await check()).toEqual({ cached: 0, problems: ['d.html /nowhere/ missing-page'] });
  });

  // issue 29: a rebuild after a one-page edit re-checks that page's links, and other pages' links to its anchors only
  // when its anchors changed; what it reports is what a fresh check reports
  describe('links to anchors of other pages', () => {
    const withIds = (links: string[], ids: string[]) => `<!DOCTYPE html><html><body>${ids.map((i) => `<h2 id="${i}">x</h2>`).join('')}${links.map((l) => `<a href="${l}">x</a>`).join('')}</body></html>`;
    const run = async (cache: boolean) => {
      const r = await checkLinks({ dir: site, cwd: dir, concurrency: 1, ...(cache ? { cacheDir, resultCache: true } : {}) });
      return { anchorChecks: r.stats.anchorChecks, problems: r.outputs.problems.map((p) => `${p.page} ${p.href} ${p.kind} ${p.suggestion ?? ''}`) };
    };
    const rewrite = async (file: string, html: string) => {
      // a new file, as a docsgen build writes it
      await writeFile(path.join(site, `${file}.new`), html);
      await rename(path.join(site, `${file}.new`), path.join(site, file));
    };

    beforeEach(async () => {
      await writeFile(path.join(site, 'index.html'), withIds(['/b/#one', '/b/#two', '/c.html#top', '/c.html#sec'], []));
      await writeFile(path.join(site, 'b/index.html'), withIds(['/c.html#sec'], ['one', 'two']));
      await writeFile(path.join(site, 'c.html'), withIds(['/b/#one'], ['sec']));
    });

    it('checks only the edited page when its anchors stay', async () => {
      expect(await run(true)).toEqual({ anchorChecks: 5, problems: [] });
      await rewrite('c.html', withIds(['/b/#one', '/b/#two'], ['sec']));
      expect(await run(true)).toEqual({ anchorChecks: 2, problems: [] });
      expect(await run(true)).toEqual({ anchorChecks: 0, problems: [] });
    });

    it('leaves the stored anchor links unread and unwritten when an edit keeps the page\'s own', async () => {
      await run(true);
      const checksFile = path.join(cacheDir, 'anchor-checks.json');
      const before = await stat(checksFile);
      // text added after the links: they keep their places
      await rewrite('c.html', withIds(['/b/#one'], ['sec']).replace('</body>', '<p>new text</p></body>'));
      expect(await run(true)).toEqual({ anchorChecks: 1, problems: [] });
      const after = await stat(checksFile);
      expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
    });

    it('checks every page afresh when the stored anchor links are lost, finding what a fresh check finds', async () => {
      await run(true);
      await rm(path.join(cacheDir, 'anchor-checks.json'));
      await rewrite('b/index.html', withIds(['/c.html#sec'], ['two']));
      const after = await run(true);
      expect(after).toEqual({ anchorChecks: 5, problems: ['c.html /b/#one missing-anchor ', 'index.html /b/#one missing-anchor '] });
      expect(after.problems).toEqual((await run(false)).problems);
    });

    it('checks again the links to an edited page whose anchors changed, as a fresh check would', async () => {
      await run(true);
      await rewrite('b/index.html', withIds(['/c.html#sec'], ['One']));
      const after = await run(true);
      expect(after.problems).toEqual(['c.html /b/#one missing-anchor One', 'index.html /b/#one missing-anchor One', 'index.html /b/#two missing-anchor ']);
      expect(after.problems).toEqual((await run(false)).problems);
      // the pages with broken anchor links are checked again each run until they hold
      expect(await run(true)).toEqual({ anchorChecks: 4, problems: after.problems });
      await rewrite('b/index.html', withIds(['/c.html#sec'], ['one', 'two']));
      expect(await run(true)).toEqual({ anchorChecks: 5, problems: [] });
    });
  });
});
