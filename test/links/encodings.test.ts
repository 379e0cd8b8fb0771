import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePage, prescanCharset } from '../../src/links/decode-page.js';
import { copyFixture, runDocsgen } from '../helpers/cli.js';
import { assertReaching } from '../helpers/reach.js';

/** One page in every encoding: a link that works, one to a page with a non-ASCII name, one broken link. */
const page = (name: string, meta: string): string =>
  `<!DOCTYPE html>\n<html><head>${meta}<title>${name}</title></head>\n<body>\n<a href="/target/#here">works</a>\n<a href="/café/">café</a>\n<a href="/missing-${name}/">broken</a>\n</body></html>\n`;

const utf16be = (text: string): Buffer => Buffer.from(text, 'utf16le').swap16();
const bom = { utf8: Buffer.from([0xef, 0xbb, 0xbf]), le: Buffer.from([0xff, 0xfe]), be: Buffer.from([0xfe, 0xff]) };

// Issue 19, item 8: a UTF-16 page gave 0 links and no word; pages in legacy encodings were read as UTF-8.
describe('check-links reads each page in the encoding a browser would', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await copyFixture('links/page-encodings');
    const pub = path.join(dir, 'public');
    const files: Record<string, Buffer> = {
      'utf16le.html': Buffer.concat([bom.le, Buffer.from(page('utf16le', '<meta charset="utf-16">'), 'utf16le')]),
      'utf16be.html': Buffer.concat([bom.be, utf16be(page('utf16be', '<meta charset="utf-16">'))]),
      'utf8-bom.html': Buffer.concat([bom.utf8, Buffer.from(page('utf8-bom', ''), 'utf8')]),
      'windows-1252.html': Buffer.from(page('windows-1252', '<meta charset="windows-1252">'), 'latin1'),
      'http-equiv.html': Buffer.from(page('http-equiv', '<meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1">'), 'latin1'),
      'utf16le-no-bom.html': Buffer.from(page('utf16le-no-bom', ''), 'utf16le'),
      'latin1-undeclared.html': Buffer.from(page('latin1-undeclared', ''), 'latin1'),
      'unknown-charset.html': Buffer.from(page('unknown-charset', '<meta charset="klingon">'), 'utf8'),
    };
    for (const [name, bytes] of Object.entries(files)) await writeFile(path.join(pub, name), bytes);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('checks the links of UTF-16 and legacy-encoded pages, and warns about pages it cannot decode', async () => {
    const r = await runDocsgen(['check-links', 'public'], { cwd: dir });
    expect(r.exitCode).toBe(1);
    const lines = r.stderr.split('\n');
    // 3 on the index, 1 on café/, 3 on each of the seven pages that decode (the UTF-16 page without its mark gives none)
    expect(lines[0]).toMatch(/^checked 25 links on 11 pages in \d+ ms$/);
    const broken = (name: string) => `public/${name}.html:6:4  error  DG5101  link \`/missing-${name}/\` points to a page that does not exist  (fix the path or remove the link)`;
    expect(lines.slice(1)).toEqual([
      broken('http-equiv'),
      'public/latin1-undeclared.html:1:1  warning  DG5013  page is not valid UTF-8 (invalid bytes were read as U+FFFD); links in it may be missed  (save the page as UTF-8, or declare its encoding with a byte order mark or <meta charset>)',
      'public/latin1-undeclared.html:5:4  error  DG5101  link `/caf\uFFFD/` points to a page that does not exist  (fix the path or remove the link)',
      broken('latin1-undeclared'),
      'public/unknown-charset.html:1:1  warning  DG5013  page declares the encoding `klingon`, which browsers do not know; it was read as UTF-8  (save the page as UTF-8, or declare its encoding with a byte order mark or <meta charset>)',
      broken('unknown-charset'),
      broken('utf16be'),
      'public/utf16le-no-bom.html:1:1  warning  DG5013  page contains NUL bytes: it looks like UTF-16 without a byte order mark, and links in it are missed  (save the page as UTF-8, or declare its encoding with a byte order mark or <meta charset>)',
      broken('utf16le'),
      broken('utf8-bom'),
      broken('windows-1252'),
      '✖ 8 errors, ⚠ 3 warnings',
    ]);
  });
});

describe('decodePage', () => {
  it('reads UTF-8 with or without a byte order mark, and says nothing about a clean page', () => {
    expect(decodePage(Buffer.from('<a href="/é/">'))).toEqual({ html: '<a href="/é/">' });
    expect(decodePage(Buffer.concat([bom.utf8, Buffer.from('<p>')]))).toEqual({ html: '<p>' });
  });

  it('decodes any text written as UTF-16 with its byte order mark exactly (generated text)', () => {
    assertReaching(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        expect(decodePage(Buffer.concat([bom.le, Buffer.from(text, 'utf16le')]))).toEqual({ html: text });
        expect(decodePage(Buffer.concat([bom.be, utf16be(text)]))).toEqual({ html: text });
      }),
    );
  });

  it('names an unpaired surrogate in UTF-16 as a problem, not an exception', () => {
    const r = decodePage(Buffer.from([0xff, 0xfe, 0x3c, 0x00, 0x00, 0xd8, 0x3e, 0x00]));
    expect(r.problem).toBe('is not valid UTF-16LE (its byte order mark says so); links in it may be missed');
  });
});

describe('prescanCharset (the HTML spec prescan)', () => {
  it.each([
    ['<meta charset="utf-8">', 'utf-8'],
    ["<META CHARSET='Shift_JIS'>", 'shift_jis'],
    ['<meta charset=latin1>', 'windows-1252'],
    ['<meta http-equiv="content-type" content="text/html; charset=euc-jp">', 'euc-jp'],
    ['<meta content="text/html;charset=\'koi8-r\'" http-equiv=Content-Type>', 'koi8-r'],
    ['<meta charset="utf-16le">', 'utf-8'],
    ['<!-- <meta charset="koi8-r"> --><meta charset="gbk">', 'gbk'],
    ['<a title="<meta charset=koi8-r>"><meta charset="big5">', 'big5'],
    ['<meta charset="nonsense"><meta charset="iso-8859-2">', 'iso-8859-2'],
    ['<meta content="text/html; charset=koi8-r">', null],
    ['<p>no meta at all</p>', null],
  ])('%s → %s', (head, encoding) => {
    expect(prescanCharset(head).encoding).toBe(encoding);
  });

  it('looks no further than the first 1024 bytes', () => {
    const late = `${' '.repeat(1020)}<meta charset="koi8-r">`;
    expect(decodePage(Buffer.from(late)).problem).toBeUndefined();
    expect(prescanCharset(late).encoding).toBe('koi8-r');
  });
});
