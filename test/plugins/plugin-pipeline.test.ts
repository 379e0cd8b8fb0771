// The plugin pipeline gives a page docsgen's features exactly as the fast path does (issue 27, item 9): with
// plugins that change nothing on the page (a site's own remark plugin acting only on directives, and rehype-slug,
// whose ids docsgen set already), every page compiles to the fast path's HTML, table of contents, links, images
// and diagnostics, byte for byte: variables, alerts, heading ids and anchors, highlighting, fence meta, tables,
// URL rules and link rewriting all run on the unified tree.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { SAMPLE_VARIABLES as VARIABLES } from '../helpers/sample-config.js';
import { compileMarkdown, type CompileOptions } from '../../src/content/index.js';
import { compileWithPlugins } from '../../src/plugins/compile.js';
import { resolveMarkdownPlugins } from '../../src/plugins/resolve.js';
import { repoRoot } from '../helpers/cli.js';
import { assertReaching } from '../helpers/reach.js';

const siteRoot = path.join(repoRoot, 'fixtures/content/plugins-directive');
const plugins = await resolveMarkdownPlugins(siteRoot, { markdown: { remarkPlugins: ['./plugins/directives.mjs'], rehypePlugins: ['rehype-slug'] } });
const opts: CompileOptions = { root: repoRoot, contentDir: path.join(repoRoot, 'content'), pathPrefix: '/documentation', variables: VARIABLES, imageMaxWidth: 995 };

async function both(text: string, file: string) {
  const relFile = path.relative(opts.contentDir, file).split(path.sep).join('/');
  const displayFile = path.relative(repoRoot, file);
  const fast = await compileMarkdown(text, file, displayFile, relFile, opts);
  const unified = await compileWithPlugins(text, file, displayFile, relFile, opts, plugins);
  return { fast, unified };
}

describe('the plugin pipeline vs the fast path', () => {
  it('resolves the plugins it is given (a local file and a package)', () => {
    expect(plugins.plugins.map((p) => [p.kind, p.name])).toEqual([
      ['remark', './plugins/directives.mjs'],
      ['rehype', 'rehype-slug'],
    ]);
    expect(plugins.plugins[1]!.version).toBe('6.0.0');
    expect(plugins.plugins[0]!.version).toMatch(/^sha256:[0-9a-f]{20}$/);
  });

  it('compiles every page of the sample site to the same HTML, contents, links, images and diagnostics', async () => {
    const files = await fg('content/**/*.md', { cwd: repoRoot, absolute: true });
    expect(files.length).toBeGreaterThanOrEqual(100);
    for (const file of files) {
      const { fast, unified } = await both(await readFile(file, 'utf8'), file);
      expect(unified, file).toEqual(fast);
    }
  });

  it('compiles any page made of the constructs docsgen transforms the same way', async () => {
    const heading = fc.tuple(fc.integer({ min: 1, max: 4 }), fc.constantFrom('Install', 'Use the API', 'Install', 'Étape 2', 'A `code` title')).map(([d, t]) => `${'#'.repeat(d)} ${t}`);
    const fence = fc
      .tuple(fc.constantFrom('js', 'python', 'text', 'unknownlang', ''), fc.constantFrom('', 'title="app.js"', '{2}', 'showLineNumbers', '{1,3-4} title="x.py"', 'weird=1'), fc.constantFrom('let a = 1;\nlet b = 2;\n// {{ arcgis_js_version }}', 'print("x")', ''))
      .map(([lang, meta, code]) => `\`\`\`${lang}${lang && meta ? ` ${meta}` : ''}\n${code}\n\`\`\``);
    const alert = fc.constantFrom('NOTE', 'TIP', 'WARNING', 'CAUTION', 'IMPORTANT').map((k) => `> [!${k}]\n> Mind the **step**.`);
    const prose = fc.constantFrom(
      'Version {{ arcgis_js_version }} with *emphasis* and `code`.',
      'A [relative link](./other.md#part) and an [absolute one](/guide/) and <https://example.com>.',
      'A [bad link](javascript:alert(1)) and ![an image](https://example.com/a.png "title").',
      '| a | b |\n|:--|--:|\n| 1 | 2 |',
      '- one\n- [ ] two\n- [x] three',
      '1. first\n2. second',
      'Hard  \nbreak and ~~strike~~.',
      '<div>raw html</div>',
      '[ref]: https://example.com\n\nUse [the ref][ref].',
    );
    const page = fc.array(fc.oneof(heading, fence, alert, prose), { minLength: 1, maxLength: 8 }).map((blocks) => `---\ntitle: T\ndescription: D\n---\n\n${blocks.join('\n\n')}\n`);
    await assertReaching(
      fc.asyncProperty(page, async (text) => {
        const { fast, unified } = await both(text, path.join(opts.contentDir, 'guide/page.md'));
        expect(unified).toEqual(fast);
      }),
      { numRuns: 150 },
    );
  });
});
