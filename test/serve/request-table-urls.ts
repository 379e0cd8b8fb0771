// Rows of the request table about the request-target: case, slashes, queries, percent-encodings, dot segments,
// NUL, extensions, redirect sources and directories (their slash redirect's Location included).
import { CACHE_REVALIDATE } from '../../src/redirects/index.js';
import type { RequestRow } from './request-table.js';

const REVALIDATE = CACHE_REVALIDATE;
const HTML = 'text/html';
const D = '/documentation';

/** A 301 to `location` with nginx's bare page (no Cache-Control). */
const moved = (name: string, path: string, location: string, method?: string): RequestRow => ({ name, path, status: 301, location, contentType: HTML, cache: null, ...(method ? { method } : {}) });
/** The 404 page. */
const missing = (name: string, path: string, method?: string): RequestRow => ({ name, path, status: 404, contentType: HTML, cache: REVALIDATE, ...(method ? { method } : {}) });
/** A page of the site. */
const page = (name: string, path: string): RequestRow => ({ name, path, status: 200, contentType: HTML, cache: REVALIDATE });
/** nginx's bare 400 (the request-target is refused before any location). */
const bad = (name: string, path: string): RequestRow => ({ name, path, status: 400, contentType: HTML, cache: null });

export const urlRows: RequestRow[] = [
  // case: files are case-sensitive, redirects and the ~* locations are not
  missing('case: prefix in capitals', `/Documentation/guide/`),
  missing('case: whole path in capitals', `/DOCUMENTATION/`),
  missing('case: page path', `${D}/Guide/Install/`),
  missing('case: index.html in capitals', `${D}/INDEX.HTML`),
  missing('case: .TXT is a file location (~*) but no such file', `${D}/notes.TXT`),
  missing('case: SW.JS is not the sw.js location', `${D}/SW.JS`),
  missing('case: page-data prefix location is case-sensitive', `${D}/PAGE-DATA/app-data.json`),
  moved('case: redirect source with the prefix in capitals', '/DOCUMENTATION/OLD-GUIDE/', `${D}/guide/`),
  moved('case: pattern redirect with the prefix in capitals, splat keeps its case', '/Documentation/Archive/Install/', `${D}/guide/Install/`),
  moved('case: .html source in mixed case', `${D}/legacy/USAGE.html`, `${D}/guide/usage/`),

  // slashes
  page('slash: doubled at the end', `${D}/guide//`),
  page('slash: doubled at the start', `//documentation/guide/`),
  moved('slash: doubled, no trailing slash (merged, then the directory redirect)', `${D}//guide`, `${D}/guide/`),
  moved('slash: a redirect source with a doubled slash is the source ($uri merges slashes)', `${D}/old-guide//`, `${D}/guide/`),
  moved('slash: a doubled slash inside a redirect source is the source ($uri merges slashes)', `${D}//old-guide/`, `${D}/guide/`),
  missing('slash: after a file', `${D}/README/`),
  missing('slash: the page-data folder is in a try_files location (issue 21: serve said 403)', `${D}/page-data/`),
  missing('slash: a page-data subfolder', `${D}/page-data/guide/`),
  missing('slash: after an index.html', `${D}/guide/install/index.html/`),
  moved('slash: symlinked folder', `${D}/guide-link`, `${D}/guide-link/`),
  page('slash: symlinked folder with its slash', `${D}/guide-link/`),

  // queries
  moved('query: empty query gets no `?`', `${D}/guide?`, `${D}/guide/`),
  moved('query: redirect with an empty query gets no `?`', `${D}/old-guide?`, `${D}/guide/`),
  moved('query: slashes, `?` and escapes are kept as sent', `${D}/guide?next=/a?b=%2F&c=%zz`, `${D}/guide/?next=/a?b=%2F&c=%zz`),
  moved('query: `#` ends the query', `${D}/guide?a=1#frag`, `${D}/guide/?a=1`),
  moved('query: redirect drops the fragment too', `${D}/old-guide/?a=1#frag`, `${D}/guide/?a=1`),
  moved('query: `+`, quotes and brackets are kept', `${D}/guide?q=a+b&x="<>"`, `${D}/guide/?q=a+b&x="<>"`),
  page('query: %00 in the query is not decoded', `${D}/guide/?a=%00`),
  moved('query: on an external redirect', `${D}/forum?utm=1`, 'https://community.esri.com/?utm=1'),

  // percent-encodings
  page('encoding: %2F is a slash', `${D}/guide%2Finstall/`),
  page('encoding: lower-case %2f', `${D}/guide%2finstall/`),
  page('encoding: an escaped letter in a folder name', `${D}/guid%65/install/`),
  missing('encoding: %25 is a literal %', `${D}/%25`),
  missing('encoding: %FF (not UTF-8) is a byte of the name', `${D}/guide/%FF`),
  missing('encoding: overlong UTF-8 for a dot is not a dot', `${D}/guide/%C0%AE%C0%AE/`),
  missing('encoding: %2500 is the text %00', `${D}/guide/%2500`),
  bad('encoding: a lone %', `${D}/%`),
  bad('encoding: a truncated escape', `${D}/%2`),
  bad('encoding: %% is no escape', `${D}/%%41`),
  bad('encoding: non-hex digits', `${D}/%g0`),
  moved('encoding: a directory reached through escapes is redirected to its escaped name', `${D}/%64ownloads`, `${D}/downloads/`),
  missing('encoding: `#` as %23 is part of the name', `${D}/guide%23x/`),
  missing('encoding: `?` as %3F is part of the name', `${D}/guide%3Fx/`),
  // how an encoded spelling of a source matches is the redirect stage's rule (issue 21): serve must only agree
  { name: 'encoding: an encoded letter in a redirect source', path: `${D}/old%2Dguide/` },
  { name: 'encoding: an encoded slash in a redirect source', path: `${D}/old-guide%2F` },
  { name: 'encoding: an encoded splat', path: `${D}/archive/a%2Fb%20c` },

  // dot segments
  bad('dots: climbing above the root (issue 21)', `${D}/../../../documentation/glossary/`),
  page('dots: out and back in', `${D}/../documentation/guide/`),
  page('dots: a trailing `..` keeps the slash', `${D}/guide/install/..`),
  { name: 'dots: `..` to the web root', path: `${D}/..`, status: 403, contentType: HTML, cache: null },
  bad('dots: `..` at the root', '/..'),
  moved('dots: `.` inside, then the directory redirect', `${D}/guide/./install`, `${D}/guide/install/`),
  page('dots: a trailing `.`', `${D}/guide/install/.`),
  missing('dots: `...` is a name', `${D}/guide/.../`),
  page('dots: an encoded dot', `${D}/guide/.%2E/guide/`),
  page('dots: encoded dots and slashes', `${D}/guide/install/%2e%2e%2f%2e%2e%2fguide%2f`),
  bad('dots: encoded climb above the root', `${D}/%2e%2e/%2e%2e/%2e%2e/etc/passwd`),
  moved('dots: a redirect source behind `./` is the source ($uri resolves dot segments)', `${D}/./old-guide/`, `${D}/guide/`),
  { name: 'dots: a splat keeps `..` as sent', path: `${D}/archive/../guide/`, status: 301, location: `${D}/guide/../guide/`, contentType: HTML, cache: null },
  page('dots: `..` after `//`', `${D}//guide//..//guide/`),

  // NUL
  bad('NUL: %00 in the path', `${D}/guide/install%00.html`),
  bad('NUL: %00 alone', `${D}/%00/`),
  { name: 'NUL: a raw NUL byte', path: `${D}/\0/`, status: 400 },
  moved('NUL: %00 in the query of a redirect is kept', `${D}/old-guide/?q=%00`, `${D}/guide/?q=%00`),

  // extensions
  { name: 'extension: a dot file is served', path: `${D}/.env`, status: 200, contentType: 'application/octet-stream', cache: null },
  { name: 'extension: .PDF in capitals is an exempt file location', path: `${D}/downloads/REPORT.PDF`, status: 404, contentType: HTML, cache: REVALIDATE },
  { name: 'extension: a PDF in a folder', path: `${D}/downloads/report.pdf`, status: 200, contentType: 'application/pdf', cache: null },
  missing('extension: a trailing dot', `${D}/notes.txt.`),
  missing('extension: a trailing encoded space', `${D}/notes.txt%20`),
  missing('extension: .htm is not .html', `${D}/guide/install/index.htm`),
  { name: 'extension: an empty file', path: `${D}/empty.txt`, status: 200, contentType: 'text/plain', cache: null },
  { name: 'extension: a socket in a try_files location is a 500', path: `${D}/socket.txt`, status: 500, contentType: HTML, cache: REVALIDATE },
  missing('extension: a folder named index.html', `${D}/folder-index/`),
  missing('extension: a .json path with a slash inside a file location', `${D}/page-data/app-data.json/`),

  // redirect sources
  { name: 'redirect: 302', path: `${D}/moved-302`, status: 302, location: `${D}/guide/`, contentType: HTML, cache: null },
  { name: 'redirect: 307 keeps the query', path: `${D}/moved-307/?a=b`, status: 307, location: `${D}/guide/?a=b`, contentType: HTML, cache: null },
  { name: 'redirect: 308 on PUT', method: 'PUT', path: `${D}/moved-308/`, status: 308, location: `${D}/guide/usage/`, contentType: HTML, cache: null },
  moved('redirect: a :name placeholder', `${D}/api/v4/reference/`, `${D}/guide/v4/`),
  moved('redirect: a :name placeholder keeps its encoding', `${D}/API/v%204/Reference`, `${D}/guide/v%204/`),
  missing('redirect: a :name is one segment', `${D}/api/v4/x/reference/`),
  moved('redirect: `_`, `.` and `~` in a source', `${D}/DOCS_V1.2~BETA`, `${D}/guide/`),
  moved('redirect: a source inside a real section', `${D}/guide/old-usage`, `${D}/guide/usage/`),
  moved('redirect: a splat into a real folder', `${D}/downloads-old/report.pdf?v=2`, `${D}/downloads/report.pdf?v=2`),
  moved('redirect: an empty splat', `${D}/archive`, `${D}/guide/`),
  missing('redirect: a splat never starts with a slash', `${D}/archive//evil.example`),
  moved('redirect: an encoded double slash stays encoded', `${D}/archive/%2F%2Fevil.example`, `${D}/guide/%2F%2Fevil.example`),
  moved('redirect: an exact source with a fragment sent is the source ($uri ends at `#`)', `${D}/old-guide#top`, `${D}/guide/`),
  moved('redirect: a splat takes a raw fragment along', `${D}/archive/x#y`, `${D}/guide/x#y`),
  moved('redirect: DELETE is redirected too', `${D}/old-guide`, `${D}/guide/`, 'DELETE'),
  { name: 'redirect: TRACE is refused before redirects', method: 'TRACE', path: `${D}/old-guide/`, status: 405, contentType: HTML, cache: null },

  // directories and their slash redirect
  moved('directory: keeps the query as sent', `${D}/downloads?x=%20y&z`, `${D}/downloads/?x=%20y&z`),
  moved('directory: POST is redirected', `${D}/downloads`, `${D}/downloads/`, 'POST'),
  { name: 'directory: PUT is 405', method: 'PUT', path: `${D}/downloads`, status: 405, contentType: HTML, cache: null },
  { name: 'directory: without index.html, with a query', path: `${D}/downloads/?x=1`, status: 403, contentType: HTML, cache: null },
  moved('directory: name with % (issue 21)', `${D}/odd/100%25`, `${D}/odd/100%25/`),
  moved('directory: name with a space (issue 21)', `${D}/odd/a%20b`, `${D}/odd/a%20b/`),
  moved('directory: name in UTF-8 (issue 21)', `${D}/odd/r%C3%A9sum%C3%A9`, `${D}/odd/r%C3%A9sum%C3%A9/`),
  moved('directory: name with CR (was a 500)', `${D}/odd/cr%0Dlf`, `${D}/odd/cr%0Dlf/`),
  moved('directory: name with LF (was a 500)', `${D}/odd/nl%0Ax?q=1`, `${D}/odd/nl%0Ax/?q=1`),
  moved('directory: name with a tab', `${D}/odd/tab%09x`, `${D}/odd/tab%09x/`),
  moved('directory: name with ?', `${D}/odd/q%3Fx`, `${D}/odd/q%3Fx/`),
  moved('directory: name with #', `${D}/odd/h%23x`, `${D}/odd/h%23x/`),
  moved('directory: name with a quote, sent raw', `${D}/odd/quo"te`, `${D}/odd/quo%22te/`),
  moved('directory: name with < and >', `${D}/odd/lt%3Cgt%3E`, `${D}/odd/lt%3Cgt%3E/`),
  moved('directory: name with a backslash, sent raw', `${D}/odd/back\\slash`, `${D}/odd/back%5Cslash/`),
  moved('directory: name with ^ ` { | }, sent raw', `${D}/odd/caret^\`{|}`, `${D}/odd/caret%5E%60%7B%7C%7D/`),
  moved('directory: + & = ; are not escaped', `${D}/odd/plus+amp&eq=semi;`, `${D}/odd/plus+amp&eq=semi;/`),
  moved("directory: ' ( ) are not escaped", `${D}/odd/it's(1)`, `${D}/odd/it's(1)/`),
  moved('directory: : @ ! $ * , are not escaped', `${D}/odd/colon%3Aat%40!$*,`, `${D}/odd/colon:at@!$*,/`),
  moved('directory: name with DEL', `${D}/odd/del%7Fx`, `${D}/odd/del%7Fx/`),
  moved('directory: a name that is not UTF-8', `${D}/odd/%FF`, `${D}/odd/%FF/`),
  { name: 'directory: odd name with its slash', path: `${D}/odd/a%20b/`, status: 403, contentType: HTML, cache: null },
];
