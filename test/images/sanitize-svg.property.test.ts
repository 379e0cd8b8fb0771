import fc from 'fast-check';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sanitizeSvg, staticCss } from '../../src/images/sanitize-svg.js';
import { executableConstructs } from './svg-oracle.js';
import { assertReaching } from '../helpers/reach.js';

// Hostile SVGs are generated as a writer or an attacker would write them: static content mixed with scripts,
// handlers in any case, script URLs hidden behind entities and whitespace, foreign objects, namespace tricks,
// animations that turn a link into a script URL, and style sheets that load from elsewhere.

/** One character as written in XML: itself, or a decimal, hex or zero-padded character reference. */
const written = (c: string) => {
  const code = c.codePointAt(0)!;
  return fc.constantFrom(c, `&#${code};`, `&#x${code.toString(16)};`, `&#x000${code.toString(16).toUpperCase()};`);
};

/** What a URL parser ignores, slipped in between the letters of a scheme (raw or as a reference). */
const noise = fc.constantFrom('', '', '', '\t', '\n', '&#9;', '&#10;', '&#13;', '&#x0A;', '\u0001');

const mixedCase = (s: string) =>
  fc.array(fc.boolean(), { minLength: s.length, maxLength: s.length }).map((up) => [...s].map((c, i) => (up[i] ? c.toUpperCase() : c)).join(''));

/** `javascript:`, `vbscript:` and `data:` URLs in mixed case, behind references, whitespace and control characters. */
const scriptUrl = fc
  .tuple(
    fc.constantFrom('javascript:', 'vbscript:', 'data:'),
    fc.constantFrom('alert(1)', 'text/html,&lt;script&gt;alert(1)&lt;/script&gt;', 'alert(document.domain)//'),
    fc.constantFrom('', ' ', '\u0000', '\t', '&#32;'),
  )
  .chain(([scheme, rest, lead]) =>
    mixedCase(scheme).chain((cased) => fc.tuple(...[...cased].map((c) => fc.tuple(written(c), noise))).map((parts) => `${lead}${parts.map(([c, n]) => c + n).join('')}${rest}`)),
  );

const safeUrl = fc.constantFrom('#g', '#icon', 'https://developers.arcgis.com/', 'relative/page/', 'mailto:docs@example.com', '  #g');
const anyUrl = fc.oneof(scriptUrl, safeUrl, fc.constantFrom('https://evil.example/x.svg#a', '//evil.example/x', 'data:image/svg+xml,<svg/>', 'file:///etc/passwd'));

const hostileCss = fc.constantFrom(
  '@import url(https://evil.example/x.css);',
  '@\\69mport "x.css";',
  'rect { fill: url(javascript:alert(1)) }',
  'rect { fill: u\\72l(https://evil.example/p.svg#x) }',
  'rect { background: url( "https://evil.example/x.png" ) }',
  'g { behavior: url(x.htc) }',
  'g { -moz-binding: url(x.xml#b) }',
  'g { width: expression(alert(1)) }',
  'rect { fill: image-set("https://evil.example/x.png" 1x) }',
  'rect { fill: url(/*c*/https://evil.example/) }',
);
const safeCss = fc.constantFrom('rect { fill: url(#g) }', 'text { font-family: sans-serif }', 'circle { stroke: red; stroke-width: 2 }');

const handlerName = fc
  .constantFrom('onload', 'onclick', 'onmouseover', 'onbegin', 'onend', 'onerror', 'onfocusin', 'onanimationstart')
  .chain(mixedCase)
  .chain((n) => fc.constantFrom(n, `ev:${n}`, `x:${n}`));

const attribute = fc.oneof(
  fc.tuple(handlerName, fc.constant('alert(1)')),
  fc.tuple(fc.constantFrom('href', 'xlink:href', 'x:href', 'XLINK:HREF'), anyUrl),
  fc.tuple(fc.constant('style'), fc.oneof(hostileCss, safeCss).map((c) => c.replace(/"/g, '&quot;'))),
  fc.tuple(fc.constantFrom('fill', 'stroke', 'filter', 'mask', 'clip-path'), fc.constantFrom('url(#g)', 'red', 'url(https://evil.example/a#b)', 'u\\72l(javascript:alert(1))')),
  fc.tuple(fc.constantFrom('x', 'y', 'width', 'height', 'r', 'cx', 'd', 'transform', 'id', 'class'), fc.constantFrom('1', '10', 'M0 0L10 10', 'rotate(45)', 'a')),
  fc.tuple(fc.constantFrom('xmlns', 'xmlns:x', 'xmlns:xlink'), fc.constantFrom('http://www.w3.org/2000/svg', 'http://www.w3.org/1999/xhtml', 'http://www.w3.org/1999/xlink')),
  fc.tuple(fc.constantFrom('attributeName', 'to', 'values', 'from'), fc.oneof(fc.constantFrom('href', 'xlink:href', 'HREF', 'onclick', 'opacity', 'style'), scriptUrl)),
);

const elementName = fc.constantFrom(
  'g', 'rect', 'circle', 'path', 'text', 'tspan', 'a', 'use', 'image', 'feImage', 'filter', 'style', 'defs', 'linearGradient', 'stop',
  'set', 'animate', 'animateTransform', 'animateMotion', 'mpath', 'textPath',
  'script', 'SCRIPT', 'foreignObject', 'foreignobject', 'iframe', 'handler', 'x:script', 'html:script', 'svg:script', 'svg:a', 'div', 'embed',
);

type Tree = string;
const { node } = fc.letrec<{ node: Tree }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('text', ' ', '&amp;', '&lt;script&gt;alert(1)&lt;/script&gt;', '<![CDATA[<script>alert(1)</script>]]>', '<!-- <script>alert(1)</script> -->', '<?xml-stylesheet href="x.xsl"?>'),
    fc.oneof(hostileCss, safeCss).map((css) => `<style>${css}</style>`),
    fc.oneof(hostileCss, safeCss).map((css) => `<style><![CDATA[${css}]]></style>`),
    fc.tuple(elementName, fc.array(attribute, { maxLength: 4 }), fc.array(tie('node'), { maxLength: 4 })).map(([name, attrs, children]) => {
      const a = attrs.map(([k, v]) => ` ${k}="${v}"`).join('');
      return children.length === 0 ? `<${name}${a}/>` : `<${name}${a}>${children.join('')}</${name}>`;
    }),
  ),
}));

const prologue = fc.constantFrom('', '<?xml version="1.0" encoding="UTF-8"?>\n', '<!DOCTYPE svg [ <!ENTITY x "<script>alert(1)</script>"> ]>\n', '<?xml-stylesheet type="text/xsl" href="evil.xsl"?>\n');
const hostileSvg = fc
  .tuple(prologue, fc.array(attribute, { maxLength: 3 }), fc.array(node, { maxLength: 6 }))
  .map(([head, attrs, children]) => `${head}<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"${attrs.map(([k, v]) => ` ${k}="${v}"`).join('')}>${children.join('')}</svg>`);

describe('the SVG sanitizer', () => {
  it('never publishes a construct that runs script or loads from elsewhere, whatever the SVG holds', () => {
    assertReaching(
      fc.property(hostileSvg, (svg) => {
        const clean = sanitizeSvg(svg);
        if (clean === null) return; // not an SVG: the build reports the file and publishes nothing
        expect(executableConstructs(clean.svg)).toEqual([]);
        // what it publishes is its own fixed point: nothing is left for a second pass to remove
        expect(sanitizeSvg(clean.svg)).toEqual({ svg: clean.svg, removed: [] });
      }),
      { numRuns: 1500 },
    );
  });

  it('reports each hostile construct it removes', () => {
    assertReaching(
      fc.property(scriptUrl, mixedCase('onload'), (url, handler) => {
        const clean = sanitizeSvg(`<svg xmlns="http://www.w3.org/2000/svg" ${handler}="alert(1)"><a href="${url}"><text>x</text></a></svg>`)!;
        expect(clean.svg).toBe('<svg xmlns="http://www.w3.org/2000/svg"><a><text>x</text></a></svg>');
        expect(clean.removed.map((r) => r.what)).toEqual([`${handler} attribute`, expect.stringMatching(/^href=".*" on <a>$/)]);
      }),
    );
  });

  it('writes well-formed SVG that an XML parser (librsvg, via sharp) reads', async () => {
    const samples = fc.sample(hostileSvg, { numRuns: 60, seed: 19 });
    for (const svg of samples) {
      const clean = sanitizeSvg(svg);
      if (clean) await expect(sharp(Buffer.from(clean.svg)).metadata(), clean.svg).resolves.toMatchObject({ format: 'svg', width: 10, height: 10 });
    }
  });

  it('keeps static SVG as it was: shapes, gradients, text, internal references, animations of presentation', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="20" height="20" viewBox="0 0 20 20">' +
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient><path id="p" d="M0 0h20"/></defs>' +
      '<rect width="20" height="20" fill="url(#g)" style="stroke: url(#g); stroke-width: 2"/><use xlink:href="#p"/>' +
      '<text x="1" y="10" xml:space="preserve">A &amp; B <tspan font-weight="bold">C</tspan></text>' +
      '<a href="https://developers.arcgis.com/"><circle cx="5" cy="5" r="4" role="img" aria-label="dot"><animate attributeName="r" values="4;2;4" dur="1s"/></circle></a>' +
      '<style>rect { fill: url( "#g" ) }</style><image width="1" height="1" href="data:image/png;base64,iVBORw0KGgo="/></svg>';
    expect(sanitizeSvg(svg)).toEqual({ svg, removed: [] });
  });

  it('drops editor metadata and foreign namespaces without reporting them', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" width="1" height="1">' +
      '<sodipodi:namedview pagecolor="#fff"/><metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></metadata>' +
      '<g inkscape:label="Layer 1" inkscape:groupmode="layer" data-name="x"><rect width="1" height="1"/></g></svg>';
    expect(sanitizeSvg(svg)).toEqual({ svg: '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><g><rect width="1" height="1"/></g></svg>', removed: [] });
  });

  it('refuses a document whose root is not an SVG element in the SVG namespace', () => {
    expect(sanitizeSvg('<html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>')).toBeNull();
    expect(sanitizeSvg('<svg xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></svg>')).toBeNull();
    expect(sanitizeSvg('just text')).toBeNull();
  });

  it('tells self-contained CSS from CSS that loads or runs, escapes and comments included', () => {
    for (const css of ['rect { fill: url(#g) }', 'a:hover { opacity: .5 }', "g { font-family: 'Avenir Next' }"]) expect(staticCss(css), css).toBe(true);
    for (const css of ['@import "x.css";', '@\\69mport "x.css";', '@im/**/port "x.css";', 'a { b: u\\rl(x.png) }', 'a { b: \\75 rl(x.png) }', 'a{b:image-set("x.png" 1x)}', 'a{b:src("x.png")}']) {
      expect(staticCss(css), css).toBe(false);
    }
  });
});
