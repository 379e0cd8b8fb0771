// The component library's assets in a build: only what the site's pages can request, as real files.
import { lstat, readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { assertReaching } from '../helpers/reach.js';
import fg from 'fast-glob';
import { beforeAll, describe, expect, it } from 'vitest';
import { iconId, t9nLocales } from '../../src/assets/index.js';
import { normalizeLocale } from '../../src/client/locale.js';
import { copyFixture, runDocsgen } from '../helpers/cli.js';

/** Calcite 3.2.1's own t9n locale resolution (components-utils normalizeLocale; reference/calcite-and-i18n.md §3). */
const CALCITE_T9N = ['ar', 'bg', 'bs', 'ca', 'cs', 'da', 'de', 'el', 'en', 'es', 'et', 'fi', 'fr', 'he', 'hr', 'hu', 'id', 'it', 'ja', 'ko', 'lt', 'lv', 'nl', 'no', 'pl', 'pt-BR', 'pt-PT', 'ro', 'ru', 'sk', 'sl', 'sr', 'sv', 'th', 'tr', 'uk', 'vi', 'zh-CN', 'zh-HK', 'zh-TW'];
function calciteT9nLocale(lang: string): string {
  const eq: Record<string, string> = { pt: 'pt-PT', nb: 'no', nn: 'no', zh: 'zh-CN' };
  const [language = '', region] = lang.split('-');
  const base = language.toLowerCase();
  const full = region ? `${base}-${region.toUpperCase()}` : base;
  const pick = eq[full] ?? full;
  if (CALCITE_T9N.includes(pick)) return pick;
  if (region && CALCITE_T9N.includes(eq[base] ?? base)) return eq[base] ?? base;
  return 'en';
}

const localeArb = fc.oneof(
  fc.constantFrom(...CALCITE_T9N, 'pt', 'nb', 'nn', 'zh', 'de-AT', 'es-MX', 'fr-CA', 'EN-us', 'zh-SG', 'xx'),
  fc.tuple(fc.constantFrom('de', 'pt', 'zh', 'en', 'sr', 'qq'), fc.constantFrom('at', 'BR', 'tw', 'Cn', 'XX')).map(([l, r]) => `${l}-${r}`),
);

describe('which translation files a build copies', () => {
  it('holds every file the runtime or the library asks for, for any configured locales', () => {
    assertReaching(
      fc.property(fc.uniqueArray(localeArb, { minLength: 1, maxLength: 6 }), fc.nat(), localeArb, (locales, pick, asked) => {
        const defaultLocale = locales[pick % locales.length]!;
        const aliases = { pt: 'pt-PT', nb: 'no', nn: 'no', zh: 'zh-CN' };
        const copied = t9nLocales(locales, defaultLocale, aliases);
        // the library reads the page's lang (the default locale); the runtime resolves any lang with the site's rules
        expect(copied.has(calciteT9nLocale(defaultLocale))).toBe(true);
        const rules = { locales, defaultLocale, localeAliases: aliases };
        expect(copied.has(normalizeLocale(asked, rules))).toBe(true);
        for (const l of locales) expect(copied.has(calciteT9nLocale(l))).toBe(true);
      }),
    );
  });

  it('names icons as calcite-icon fetches them', () => {
    expect(['chevron-down', 'x', '2d', 'check-circle-f', 'exclamationMarkTriangle', 'layout--vertical'].map(iconId)).toEqual([
      'chevronDown', 'x', 'i2D', 'checkCircleF', 'exclamationMarkTriangle', 'layoutVertical',
    ]);
  });
});

describe('the component library assets of a small site', () => {
  let assets: string;
  let pub: string;
  beforeAll(async () => {
    const site = await copyFixture('build/good-site');
    const r = await runDocsgen(['build', '--root', site, '--quiet']);
    expect(r.exitCode, r.stderr).toBe(0);
    pub = path.join(site, 'dist/public');
    assets = path.join(pub, 'documentation/calcite/assets');
  });

  it('copies translations only for components the bundles define, and only the icons they name', async () => {
    const bundles = (await fg('documentation/*.js', { cwd: pub })).map((f) => path.join(pub, f));
    const code = (await Promise.all(bundles.map((f) => readFile(f, 'utf8')))).join('\n');
    const folders = (await readdir(assets)).filter((d) => d !== 'icon');
    expect(folders.length).toBeGreaterThan(0);
    for (const f of folders) expect(code, `calcite-${f} is defined by a bundle`).toContain(`"calcite-${f}"`);
    for (const f of folders) expect(await readdir(path.join(assets, f, 't9n')), f).toContain('messages.en.json');
    const icons = await readdir(path.join(assets, 'icon'));
    // the templates' and the components' own icons are there (not-found's notice, the menu item's chevrons)...
    expect(icons).toEqual(expect.arrayContaining(['information24.json', 'exclamationMarkTriangle24.json', 'chevronDown16.json', 'moon16.json', 'x16.json']));
    // ...and not Calcite's 3,945
    expect(icons.length).toBeLessThan(200);
    expect(icons).not.toContain('banana16.json');
  });

  it('writes real files, not links into docsgen\'s node_modules', async () => {
    const files = await fg('**/*', { cwd: assets, absolute: true });
    for (const f of files) {
      const s = await lstat(f);
      expect(s.isSymbolicLink() || s.nlink > 1, f).toBe(false);
    }
  });
});

describe('the assets across rebuilds (the list of files to place is kept in .docsgen-cache/assets.json)', () => {
  it('follows a template that names another icon, and back', async () => {
    const { cp, rm, writeFile } = await import('node:fs/promises');
    const { repoRoot } = await import('../helpers/cli.js');
    const site = await copyFixture('build/good-site');
    try {
      await cp(path.join(repoRoot, 'templates'), path.join(site, 'templates'), { recursive: true });
      const icons = async () => {
        const r = await runDocsgen(['build', '--root', site, '--quiet']);
        expect(r.exitCode, r.stderr).toBe(0);
        return readdir(path.join(site, 'dist/public/documentation/calcite/assets/icon'));
      };
      expect(await icons()).not.toContain('banana16.json');
      const file = path.join(site, 'templates/not-found.tsx');
      const text = await readFile(file, 'utf8');
      expect(text).toContain('icon="information"');
      await writeFile(file, text.replace('icon="information"', 'icon="banana"'));
      expect(await icons()).toEqual(expect.arrayContaining(['banana16.json', 'banana24.json', 'banana32.json']));
      await writeFile(file, text);
      const back = await icons();
      expect(back).not.toContain('banana16.json');
      expect(back).toContain('information24.json');
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  }, 180_000);
});
