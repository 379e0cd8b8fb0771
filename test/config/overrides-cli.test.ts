import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, runDocsgen } from '../helpers/cli.js';

// docs/configuration.md: every key has a default, and a key set in docsgen.config.yaml takes its place. Both
// through the CLI on one site: a build with only the variables the pages use shows each default, and a build that
// sets the keys shows each value set, where a reader meets it (title, footer, manifest, URL, image file).

const year = new Date().getFullYear();
const variables = (arcgis: string) => `variables:\n  arcgis_js_version: '${arcgis}'\n  leaflet_version: '1.9.4'\n  openlayers_version: '10.6.0'\n`;
const VARIABLES = variables('4.33');
const OVERRIDES = `${variables('9.9')}siteName: Widget Docs
titlePostfix: Widgets
shortName: WD
pathPrefix: /guides
socialHandle: '@acme'
forumUrl: https://forum.example.com/
images:
  maxWidth: 600
`;

interface Seen {
  title: string;
  footer: string;
  manifest: { name: string; short_name: string; start_url: string };
  twitterSite: string | null;
  forumLink: boolean;
  /** The arcgis_js_version the page's code shows. */
  version: string | undefined;
  image: { attr: number; file: number | undefined };
}

/** Builds the site with `config` as its docsgen.config.yaml and reads what a reader meets of it. */
async function buildWith(config: string, prefix: string): Promise<Seen> {
  const dir = await copyFixture('build/good-site');
  // a site folder named by its package.json, as `docsgen init` makes one
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: '@acme/widget-docs', private: true }));
  await writeFile(path.join(dir, 'docsgen.config.yaml'), config);
  const r = await runDocsgen(['build', '--root', dir, '--no-sw']);
  expect(r.exitCode, r.stderr).toBe(0);
  const site = path.join(dir, 'dist/public', prefix);
  const html = await readFile(path.join(site, 'guide/setup/index.html'), 'utf8');
  const img = /<img src="([^"]+diagram\.png)"[^>]* width="(\d+)"/.exec(html)!;
  const file = path.join(dir, 'dist/public', img[1]!);
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)![1]!,
    footer: /<footer class="site-footer">[\s\S]*?<p>([^<]*)<\/p>/.exec(html)![1]!,
    manifest: JSON.parse(await readFile(path.join(site, 'manifest.webmanifest'), 'utf8')),
    twitterSite: /<meta name="twitter:site" content="([^"]*)"/.exec(html)?.[1] ?? null,
    forumLink: html.includes('href="https://forum.example.com/"'),
    version: /https:\/\/js\.arcgis\.com\/([\d.]+)\//.exec(html)?.[1],
    image: { attr: Number(img[2]), file: (await sharp(file).metadata()).width },
  };
}

describe('config overrides, through the CLI', () => {
  let defaults: Seen;
  let set: Seen;
  beforeAll(async () => {
    [defaults, set] = await Promise.all([buildWith(VARIABLES, 'documentation'), buildWith(OVERRIDES, 'guides')]);
  }, 120_000);

  it('siteName: the package name by default, the configured name when set (manifest, footer)', () => {
    expect(defaults.manifest.name).toBe('widget-docs');
    expect(defaults.footer).toBe(`© ${year} widget-docs`);
    expect(set.manifest.name).toBe('Widget Docs');
    expect(set.footer).toBe(`© ${year} Widget Docs`);
  });

  it('titlePostfix: siteName by default, the configured postfix when set', () => {
    expect(defaults.title).toBe('Set up &lt;the&gt; &quot;library&quot; &amp; more | widget-docs');
    expect(set.title).toBe('Set up &lt;the&gt; &quot;library&quot; &amp; more | Widgets');
  });

  it('shortName and pathPrefix: Docs under /documentation/ by default, the configured ones when set', () => {
    expect(defaults.manifest).toMatchObject({ short_name: 'Docs', start_url: '/documentation/' });
    expect(set.manifest).toMatchObject({ short_name: 'WD', start_url: '/guides/' });
  });

  it('socialHandle and forumUrl: none by default, a twitter:site and a footer link when set', () => {
    expect([defaults.twitterSite, defaults.forumLink]).toEqual([null, false]);
    expect([set.twitterSite, set.forumLink]).toEqual(['@acme', true]);
  });

  it('variables and images.maxWidth: each page shows its configured value, the image capped at the configured width', () => {
    // the fixture's 1200 px diagram: 995 px by default
    expect(defaults.version).toBe('4.33');
    expect(defaults.image).toEqual({ attr: 995, file: 995 });
    expect(set.version).toBe('9.9');
    expect(set.image).toEqual({ attr: 600, file: 600 });
  });
});
