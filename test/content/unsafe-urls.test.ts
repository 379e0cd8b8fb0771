import type { Root } from 'mdast';
import { describe, expect, it } from 'vitest';
import { compileMarkdown } from '../../src/content/markdown.js';
import { treeToHtml } from '../../src/content/to-html.js';
import { isPublishableImage, isPublishableLink, schemeOf } from '../../src/util/url-policy.js';
import { unpublishableUrls } from './hostile-urls.js';

// Issue 19, item 1: only http, https, mailto, tel and relative links (images: http, https, relative) are published;
// any other URL is a DG2010 error at its Markdown position and never reaches the HTML.
const opts = { root: '/p', contentDir: '/p/content', pathPrefix: '/documentation', variables: { evil: 'javascript:alert(1)', ctl: '\u0001javascript:alert(1)' }, imageMaxWidth: 995 };
const compile = (body: string) => compileMarkdown(`---\ntitle: T\ndescription: D\n---\n${body}\n`, '/p/content/a/b.md', 'content/a/b.md', 'a/b.md', opts);
const where = (r: Awaited<ReturnType<typeof compile>>) => r.diagnostics.map((d) => `${d.code} ${d.location?.line}:${d.location?.column}`);

describe('schemeOf', () => {
  it('reads the scheme as a browser does', () => {
    expect(schemeOf('javascript:alert(1)')).toBe('javascript');
    expect(schemeOf('JaVaScRiPt:alert(1)')).toBe('javascript');
    expect(schemeOf(' \u0001\u001f javascript:x')).toBe('javascript');
    expect(schemeOf('java\tscr\nipt\r:x')).toBe('javascript');
    expect(schemeOf('x-evil+1.0:y')).toBe('x-evil+1.0');
    expect(schemeOf('java script:x')).toBeNull();
    expect(schemeOf('java\u0000script:x')).toBeNull();
    expect(schemeOf('\u00a0javascript:x')).toBeNull();
    expect(schemeOf('1http:x')).toBeNull();
    for (const relative of ['', '/a/', './a.md', '../a.md', 'a.md', '#frag', '?q=1', '//example.com/a', 'a/b:c', '%6Aavascript:x']) {
      expect(schemeOf(relative), relative).toBeNull();
    }
  });

  it('allows links to http, https, mailto, tel and relative URLs, images to http, https and relative ones', () => {
    for (const url of ['https://a.test/', 'HTTP://a.test/', 'mailto:a@b.test', 'tel:+1-555', '//cdn.test/x', '#x', '?q', './x.md']) expect(isPublishableLink(url), url).toBe(true);
    for (const url of ['javascript:x', 'vbscript:x', 'data:text/html,x', 'file:///etc/passwd', 'blob:x', 'about:blank', 'x-evil:1']) expect(isPublishableLink(url), url).toBe(false);
    for (const url of ['https://a.test/i.png', '//cdn.test/i.png', './i.png', '/i.png']) expect(isPublishableImage(url), url).toBe(true);
    for (const url of ['mailto:a@b.test', 'tel:1', 'data:image/png;base64,AAAA', 'javascript:x', 'file:///i.png']) expect(isPublishableImage(url), url).toBe(false);
  });
});

describe('compileMarkdown with unsafe URLs', () => {
  const forms: Array<[string, string]> = [
    ['inline link', '[x](javascript:alert(1))'],
    ['upper case', '[x](JAVASCRIPT:alert(1))'],
    ['decimal entity colon', '[x](javascript&#58;alert(1))'],
    ['hex entity colon', '[x](javascript&#x3A;alert(1))'],
    ['named entity colon', '[x](javascript&colon;alert(1))'],
    ['entity letters', '[x](&#106;avascript:alert(1))'],
    ['tab entity inside', '[x](<java&#9;script:alert(1)>)'],
    ['newline entity inside', '[x](java&#10;script:alert(1))'],
    ['leading space entity', '[x](<&#32;javascript:alert(1)>)'],
    ['vbscript', '[x](vbscript:msgbox(1))'],
    ['data URL', '[x](data:text/html,<script>alert(1)</script>)'],
    ['file URL', '[x](file:///etc/passwd)'],
    ['unknown scheme', '[x](x-evil:1)'],
    ['autolink', '<javascript:alert(1)>'],
    ['variable', '[x]({{evil}})'],
    ['variable with a control character', '[x]({{ctl}})'],
  ];
  for (const [name, markdown] of forms) {
    it(`refuses a ${name}: one error at its line:column, rendered as its text`, async () => {
      const r = await compile(`Before ${markdown} after.`);
      expect(where(r)).toEqual(['DG2010 5:8']);
      expect(r.diagnostics[0]).toMatchObject({ severity: 'error', hint: expect.stringMatching(/^only http, https, mailto, tel and relative links are published; /) });
      expect(r.html).not.toMatch(/<a /);
      expect(r.html).toMatch(/^<p>Before .* after\.<\/p>$/);
      expect(r.links).toEqual([]);
    });
  }

  it('refuses a reference definition at its line, and renders its references as text', async () => {
    const r = await compile('See [one][evil], [evil][] and [evil].\n\n[evil]: javascript:alert(1)\n[evil]: https://example.com/');
    expect(where(r)).toEqual(['DG2010 7:1']);
    expect(r.diagnostics[0]!.message).toBe('the link definition [evil] `javascript:alert(1)` is not published: links may not use the scheme `javascript:`');
    expect(r.html).toBe('<p>See one, evil and evil.</p>');
    expect(r.links).toEqual([]);
  });

  it('refuses image sources other than http, https and relative ones, leaving the alt text', async () => {
    const r = await compile('![alt one](javascript:alert(1)) ![](data:image/png;base64,AAAA) ![mail](mailto:a@b.test)\n\n![logo][m]\n\n[m]: tel:+1');
    expect(where(r)).toEqual(['DG2010 5:1', 'DG2010 5:33', 'DG2010 5:65', 'DG2010 7:1']);
    expect(r.diagnostics[0]).toMatchObject({
      message: 'the image `javascript:alert(1)` is not published: images may not use the scheme `javascript:`',
      hint: 'only http, https and relative image sources are published; keep the image in content/ and link it relatively',
    });
    expect(r.diagnostics[3]!.message).toBe('the image [m] is not published: its definition is `tel:+1`, and images may not use the scheme `tel:`');
    expect(r.html).toBe('<p>alt one  mail</p>\n<p>logo</p>');
  });

  it('refuses a link around an image and the image inside it', async () => {
    const r = await compile('[![pic](vbscript:x)](javascript:y)');
    expect(where(r)).toEqual(['DG2010 5:1', 'DG2010 5:2']);
    expect(r.html).toBe('<p>pic</p>');
  });

  it('shows control characters in the message, and shortens a long URL', async () => {
    const r = await compile(`[x](<java&#9;script:${'a'.repeat(100)}>)`);
    expect(r.diagnostics[0]!.message).toBe(`the link \`java\\x09script:${'a'.repeat(42)}...\` is not published: links may not use the scheme \`javascript:\``);
  });

  it('drops raw HTML with a URL in it, inline or as a block, whatever the URL: a warning at the tag, no markup', async () => {
    const r = await compile(
      'Hi <a href="javascript:alert(1)">x</a> and <A HREF=JaVaScRiPt&#58;alert(2)>y</A>.\n\n<a href="vbscript:msgbox(3)">block</a>\n\n<img src=x onerror=alert(4)>\n\n<iframe src="data:text/html,<script>alert(5)</script>"></iframe>',
    );
    expect(r.diagnostics.map((d) => `${d.code} ${d.severity} ${d.location?.line}:${d.location?.column}`)).toEqual([
      'DG2009 warning 5:4',
      'DG2009 warning 5:44',
      'DG2009 warning 7:1',
      'DG2009 warning 9:1',
      'DG2009 warning 11:1',
    ]);
    expect(r.html).toBe('<p>Hi x and y.</p>\n<p>block</p>');
    expect(r.links).toEqual([]);
  });

  it('keeps mailto, tel, http(s), protocol-relative, fragment, query and relative links', async () => {
    const r = await compile(
      '[m](mailto:a@b.test) [t](tel:+1-555) [h](http://a.test/) [s](HTTPS://a.test/) [p](//cdn.test/x) [f](#frag) [q](?q=1) [r](./c.md) <https://auto.test/> www.example.com\n\n![i](https://cdn.test/i.png) ![j](//cdn.test/j.png)',
    );
    expect(r.diagnostics).toEqual([]);
    const hrefs = [...r.html.matchAll(/ (?:href|src)="([^"]*)"/g)].map((m) => m[1]);
    expect(hrefs).toEqual([
      'mailto:a@b.test',
      'tel:+1-555',
      'http://a.test/',
      'HTTPS://a.test/',
      '//cdn.test/x',
      '#frag',
      '?q=1',
      '/documentation/a/c/',
      'https://auto.test/',
      'http://www.example.com',
      'https://cdn.test/i.png',
      '//cdn.test/j.png',
    ]);
    expect(unpublishableUrls(r.html)).toEqual([]);
  });
});

describe('the HTML stage', () => {
  it('never writes an href or src with a scheme it may not publish, whatever the tree holds', () => {
    const tree: Root = {
      type: 'root',
      children: [
        {
          type: 'paragraph',
          children: [
            { type: 'link', url: 'javascript:alert(1)', children: [{ type: 'text', value: 'a' }] },
            { type: 'link', url: '/ok/', data: { hProperties: { href: ' JAVA\tSCRIPT:alert(2)' } }, children: [{ type: 'text', value: 'b' }] },
            { type: 'image', url: 'mailto:a@b.test', alt: 'c' },
            { type: 'linkReference', identifier: 'd', label: 'd', referenceType: 'shortcut', children: [{ type: 'text', value: 'd' }] },
            { type: 'link', url: 'https://ok.test/', children: [{ type: 'text', value: 'e' }] },
          ],
        },
        { type: 'definition', identifier: 'd', label: 'd', url: 'data:text/html,x' },
      ],
    };
    expect(treeToHtml(tree)).toBe('<p><a>a</a><a>b</a><img alt="c"><a>d</a><a href="https://ok.test/">e</a></p>');
  });
});
