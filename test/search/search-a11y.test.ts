import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.js';
import { buildAndServe, type ServedSite } from './served-site.js';

// The open search dialog under axe-core (issue 23): with results shown and with "no results", in light and dark
// mode, on a phone and a desktop: no serious or critical violation.
const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
let browser: Browser;
let site: ServedSite;

beforeAll(async () => {
  site = await buildAndServe('search/relevance-site');
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe('the open search dialog', () => {
  it.for([
    [390, 'light'],
    [390, 'dark'],
    [1280, 'light'],
    [1280, 'dark'],
  ] as const)('has no serious or critical axe violation at %i px in %s mode', async ([width, scheme], { expect }) => {
    const context = await browser.newContext({ viewport: { width, height: 844 }, serviceWorkers: 'block', colorScheme: scheme });
    const page = await context.newPage();
    const found: string[] = [];
    try {
      await page.goto(`${site.url}maps/popups/`);
      await page.waitForFunction(() => typeof window.___docsgenRuntime?.['search'] === 'function');
      await page.addScriptTag({ content: await axeSource });
      await page.keyboard.press('Control+k');
      await page.locator('.search-dialog[open] input').waitFor();
      for (const [state, query, shown] of [
        ['results', 'token', '.search-hit-excerpt'],
        ['no results', 'geocodign xylophone', '.search-suggestion'],
      ] as const) {
        await page.locator('.search-dialog input').fill(query);
        await page.locator(shown).first().waitFor({ timeout: 15_000 });
        // the active result as the keyboard leaves it: the second one
        if (state === 'results') await page.keyboard.press('ArrowDown');
        const dir = path.join(tmpdir(), 'docsgen-search-shots');
        await mkdir(dir, { recursive: true });
        await page.screenshot({ path: path.join(dir, `a11y-${width}-${scheme}-${state.replace(' ', '-')}.png`) });
        const violations = await page.evaluate(async () => {
          type Result = { violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[]; failureSummary?: string }> }> };
          type Axe = { run: (ctx: Element, options: object) => Promise<Result> };
          const result = await (window as unknown as { axe: Axe }).axe.run(document.documentElement, { resultTypes: ['violations'] });
          return result.violations
            .filter((v) => v.impact === 'serious' || v.impact === 'critical')
            .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary?.split('\n')[1]?.trim() ?? ''})`).join(', ')}`);
        });
        found.push(...violations.map((v) => `${state}: ${v}`));
      }
    } finally {
      await context.close();
    }
    expect(found).toEqual([]);
  });
});
