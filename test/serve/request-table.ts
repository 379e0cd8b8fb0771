// The request table's types, its base rows (pages, slashes, cache headers, content types, redirects, methods,
// the proxy, ranges) and the files the test adds to the built site. request-table-urls.ts and
// request-table-heads.ts hold the other rows; nginx-parity.test.ts sends every row to nginx and to serve.
import { CACHE_IMMUTABLE, CACHE_REVALIDATE } from '../../src/redirects/index.js';

/** Names of files of the built fixture whose hashes change from build to build. */
export interface BuiltNames {
  /** `/documentation/app-<hash>.js` */
  appJs: string;
  /** an esbuild chunk with an upper-case hash, `/documentation/chunk-<HASH>.js` */
  chunkJs: string;
  /** `/documentation/styles-<hash>.css` */
  css: string;
  /** the optimized Markdown image, `/documentation/static/<hash>/diagram.png` */
  image: string;
  /** a JSON asset of the component library */
  calciteJson: string;
}

/** What rows may build their request from: the built names and the validators of notes.txt. */
export interface TableContext {
  names: BuiltNames;
  /** notes.txt's Last-Modified and ETag as nginx writes them. */
  notes: { lastModified: string; etag: string };
}

/**
 * One request and nginx's answer. The test asserts that serve answers exactly as nginx (statuses, Location,
 * Content-Type, Cache-Control, Content-Range) and that nginx gives the fields written here. A row without
 * `status` only asserts serve == nginx: its answer is the redirect stage's to decide (how sources match).
 */
export interface RequestRow {
  name: string;
  method?: string;
  /** Request-target exactly as sent (one char per byte): no client-side normalisation. */
  path: string | ((c: TableContext) => string);
  /** Default `HTTP/1.1`. */
  version?: string;
  /** Host header; default `localhost`; null sends none. */
  host?: string | null;
  /** Headers after Host, repeats allowed. */
  headers?: Array<[string, string]> | ((c: TableContext) => Array<[string, string]>);
  body?: string;
  /** The whole request (latin1), for what the fields cannot say. */
  raw?: (c: TableContext) => string;
  status?: number;
  /** nginx sent `100 Continue` before the answer. */
  continued?: true;
  location?: string | null;
  contentType?: string;
  cache?: string | null;
  contentRange?: string | null;
  /** serve cannot answer as nginx does: the status it gives instead, and why (asserted both ways). */
  differs?: { status: number; why: string };
}

const REVALIDATE = CACHE_REVALIDATE;
const IMMUTABLE = CACHE_IMMUTABLE;
const HTML = 'text/html';
const PROXY = '/documentation/__third-party-proxy';

/** Base rows. Files the build does not make (notes.txt, loop, downloads/...) are added by the test; see extras. */
export const baseRows: RequestRow[] = [
  // pages, index.html and trailing slashes
  { name: 'home page', path: '/documentation/', status: 200, contentType: HTML, cache: REVALIDATE },
  { name: 'prefix without its slash', path: '/documentation', status: 301, location: '/documentation/', contentType: HTML, cache: null },
  { name: 'section without its slash', path: '/documentation/guide', status: 301, location: '/documentation/guide/', contentType: HTML, cache: null },
  { name: 'slash redirect keeps the query', path: '/documentation/guide?from=nav&x=%20y', status: 301, location: '/documentation/guide/?from=nav&x=%20y', contentType: HTML, cache: null },
  { name: 'page', path: '/documentation/guide/install/', status: 200, contentType: HTML, cache: REVALIDATE },
  { name: 'page by its index.html', path: '/documentation/guide/install/index.html', status: 200, contentType: HTML, cache: REVALIDATE },
  { name: 'page with a query', path: '/documentation/guide/usage/?utm_source=x', status: 200, contentType: HTML, cache: REVALIDATE },
  { name: 'merged slashes', path: '/documentation//guide///install/', status: 200, contentType: HTML, cache: REVALIDATE },
  { name: 'dot segments', path: '/documentation/guide/./install/../usage/', status: 200, contentType: HTML, cache: REVALIDATE },
  { name: 'percent-encoded letters', path: '/documentation/%67uide/install/', status: 200, contentType: HTML, cache: REVALIDATE },
  { name: 'file paths are case-sensitive', path: '/documentation/GUIDE/install/', status: 404, contentType: HTML, cache: REVALIDATE },
  { name: 'unknown folder path', path: '/documentation/no-such-page/', status: 404, contentType: HTML, cache: REVALIDATE },
  { name: 'unknown path without slash', path: '/documentation/no-such-page', status: 404, contentType: HTML, cache: REVALIDATE },
  { name: 'unknown .html', path: '/documentation/guide/install.html', status: 404, contentType: HTML, cache: REVALIDATE },
  { name: 'the _redirects file is not content', path: '/_redirects', status: 404, contentType: HTML, cache: REVALIDATE },
  { name: 'web root has no index', path: '/', status: 403, contentType: HTML, cache: null },
  { name: 'folder without index.html', path: '/documentation/downloads/', status: 403, contentType: HTML, cache: null },
  { name: 'folder without index.html, no slash', path: '/documentation/downloads', status: 301, location: '/documentation/downloads/', contentType: HTML, cache: null },
  { name: 'exempt extension: a folder named *.json gets no slash redirect', path: '/documentation/old-data.json', status: 404, contentType: HTML, cache: REVALIDATE },
  { name: 'exempt extension: that folder with its slash serves its index.html', path: '/documentation/old-data.json/', status: 200, contentType: HTML, cache: REVALIDATE },
  { name: 'exempt extension: .txt', path: '/documentation/notes.txt', status: 200, contentType: 'text/plain', cache: null },
  { name: 'exempt extension: .xml', path: '/documentation/feed.xml', status: 200, contentType: 'text/xml', cache: null },
  { name: 'exempt extension: .pdf', path: '/documentation/manual.pdf', status: 200, contentType: 'application/pdf', cache: null },
  { name: 'exempt extension: .map (no type in mime.types)', path: '/documentation/notes.js.map', status: 200, contentType: 'application/octet-stream', cache: null },
  { name: 'exempt extension folder with a slash inside is not a file', path: '/documentation/notes.txt/', status: 404, contentType: HTML, cache: REVALIDATE },
  { name: 'file without extension', path: '/documentation/README', status: 200, contentType: 'application/octet-stream', cache: null },
  { name: 'unreadable file (symlink loop) is a bare 403', path: '/documentation/loop', status: 403, contentType: HTML, cache: null },
  { name: 'a file nginx cannot open (a socket) is a 500 with the 500 page', path: '/documentation/socket', status: 500, contentType: HTML, cache: REVALIDATE },
  { name: 'unreadable file in a try_files location is a 404', path: '/documentation/loop.txt', status: 404, contentType: HTML, cache: REVALIDATE },
  { name: '404 page itself', path: '/documentation/404.html', status: 200, contentType: HTML, cache: REVALIDATE },

  // cache headers and content types
  { name: 'app-data', path: '/documentation/page-data/app-data.json', status: 200, contentType: 'application/json', cache: REVALIDATE },
  { name: 'page-data', path: '/documentation/page-data/guide/install/page-data.json', status: 200, contentType: 'application/json', cache: REVALIDATE },
  { name: 'missing page-data', path: '/documentation/page-data/guide/nope/page-data.json', status: 404, contentType: HTML, cache: REVALIDATE },
  { name: 'page-data folder is not a file', path: '/documentation/page-data/guide', status: 404, contentType: HTML, cache: REVALIDATE },
  { name: 'service worker', path: '/documentation/sw.js', status: 200, contentType: 'application/javascript', cache: REVALIDATE },
  { name: 'hashed app bundle', path: (c) => c.names.appJs, status: 200, contentType: 'application/javascript', cache: IMMUTABLE },
  { name: 'hashed chunk (upper-case hash)', path: (c) => c.names.chunkJs, status: 200, contentType: 'application/javascript', cache: IMMUTABLE },
  { name: 'hashed styles', path: (c) => c.names.css, status: 200, contentType: 'text/css', cache: IMMUTABLE },
  { name: 'missing hashed bundle', path: '/documentation/app-0123456789ab.js', status: 404, contentType: HTML, cache: REVALIDATE },
  { name: 'optimized image (hash in the folder, not the name)', path: (c) => c.names.image, status: 200, contentType: 'image/png', cache: null },
  { name: 'manifest (no type in mime.types)', path: '/documentation/manifest.webmanifest', status: 200, contentType: 'application/octet-stream', cache: null },
  { name: 'manifest icon', path: '/documentation/icons/icon-192x192.png', status: 200, contentType: 'image/png', cache: null },
  { name: 'component library JSON', path: (c) => c.names.calciteJson, status: 200, contentType: 'application/json', cache: null },

  // redirects: 301, any case, either slash form, query kept, patterns, external targets, every method
  { name: 'exact redirect', path: '/documentation/old-guide/', status: 301, location: '/documentation/guide/', contentType: HTML, cache: null },
  { name: 'exact redirect, other slash form', path: '/documentation/old-guide', status: 301, location: '/documentation/guide/', contentType: HTML, cache: null },
  { name: 'exact redirect, other case, query kept', path: '/documentation/OLD-Guide/?utm=x&y=1', status: 301, location: '/documentation/guide/?utm=x&y=1', contentType: HTML, cache: null },
  { name: 'redirect from an .html source', path: '/documentation/legacy/usage.html', status: 301, location: '/documentation/guide/usage/', contentType: HTML, cache: null },
  { name: 'splat redirect', path: '/documentation/archive/install/', status: 301, location: '/documentation/guide/install/', contentType: HTML, cache: null },
  { name: 'splat redirect, other case, query kept', path: '/documentation/ARCHIVE/usage?a=1', status: 301, location: '/documentation/guide/usage?a=1', contentType: HTML, cache: null },
  { name: 'external redirect target', path: '/documentation/forum/', status: 301, location: 'https://community.esri.com/', contentType: HTML, cache: null },
  { name: 'redirect on HEAD', method: 'HEAD', path: '/documentation/setup/', status: 301, location: '/documentation/guide/install/', contentType: HTML, cache: null },
  { name: 'redirect on POST', method: 'POST', path: '/documentation/setup', status: 301, location: '/documentation/guide/install/', contentType: HTML, cache: null },

  // methods
  { name: 'HEAD of a page', method: 'HEAD', path: '/documentation/guide/install/', status: 200, contentType: HTML, cache: REVALIDATE },
  { name: 'POST to a static file', method: 'POST', path: '/documentation/README', status: 405, contentType: HTML, cache: null },
  { name: 'POST to an exempt file', method: 'POST', path: '/documentation/notes.txt', status: 405, contentType: HTML, cache: null },
  { name: 'POST to a hashed bundle', method: 'POST', path: (c) => c.names.appJs, status: 405, contentType: HTML, cache: IMMUTABLE },
  { name: 'POST to an unknown path', method: 'POST', path: '/documentation/no-such-page', status: 404, contentType: HTML, cache: REVALIDATE },
  { name: 'PUT to a page', method: 'PUT', path: '/documentation/guide/install/', status: 405, contentType: HTML, cache: null },
  { name: 'PUT to a page by its index.html', method: 'PUT', path: '/documentation/guide/install/index.html', status: 405, contentType: HTML, cache: REVALIDATE },
  { name: 'POST to a page', method: 'POST', path: '/documentation/guide/install/', status: 405, contentType: HTML, cache: REVALIDATE },
  { name: 'DELETE a static file', method: 'DELETE', path: '/documentation/README', status: 405, contentType: HTML, cache: null },

  // requests nginx refuses
  { name: 'bad percent escape', path: '/documentation/%zz/', status: 400, contentType: HTML, cache: null },
  { name: 'climbing above the root', path: '/documentation/../../etc/passwd', status: 400, contentType: HTML, cache: null },

  // third-party script proxy: only https on a listed host, GET/HEAD only
  { name: 'proxy: host not listed', path: `${PROXY}?url=https%3A%2F%2Fevil.example.com%2Fa.js`, status: 403, contentType: HTML, cache: null },
  { name: 'proxy: listed host as a suffix of another', path: `${PROXY}?url=https%3A%2F%2Fjs.arcgis.com.evil.example%2Fa.js`, status: 403, contentType: HTML, cache: null },
  { name: 'proxy: plain http', path: `${PROXY}?url=http%3A%2F%2Fjs.arcgis.com%2F4.30%2F`, status: 403, contentType: HTML, cache: null },
  { name: 'proxy: a port', path: `${PROXY}?url=https%3A%2F%2Fjs.arcgis.com%3A8443%2Fa.js`, status: 403, contentType: HTML, cache: null },
  { name: 'proxy: credentials in the URL', path: `${PROXY}?url=https%3A%2F%2Fuser%40js.arcgis.com%2Fa.js`, status: 403, contentType: HTML, cache: null },
  { name: 'proxy: no url', path: PROXY, status: 403, contentType: HTML, cache: null },
  { name: 'proxy: POST to a listed host', method: 'POST', path: `${PROXY}?url=https%3A%2F%2Fjs.arcgis.com%2F4.30%2F`, status: 403, contentType: HTML, cache: null },
  { name: 'proxy: listed host that does not resolve', path: `${PROXY}?url=https%3A%2F%2Fcdn.example.com%2Flib.js`, status: 502, contentType: HTML, cache: null },
  { name: 'proxy path with a slash is just a missing page', path: `${PROXY}/`, status: 404, contentType: HTML, cache: REVALIDATE },

  // range requests
  { name: 'range: first bytes', path: '/documentation/notes.txt', headers: [['Range', 'bytes=0-9']], status: 206, contentType: 'text/plain', cache: null, contentRange: 'bytes 0-9/64' },
  { name: 'range: open end', path: '/documentation/notes.txt', headers: [['Range', 'bytes=60-']], status: 206, contentType: 'text/plain', cache: null, contentRange: 'bytes 60-63/64' },
  { name: 'range: suffix', path: '/documentation/notes.txt', headers: [['Range', 'bytes=-5']], status: 206, contentType: 'text/plain', cache: null, contentRange: 'bytes 59-63/64' },
  { name: 'range: end past the file is clipped', path: '/documentation/notes.txt', headers: [['Range', 'bytes=50-1000']], status: 206, contentType: 'text/plain', cache: null, contentRange: 'bytes 50-63/64' },
  { name: 'range: end before start', path: '/documentation/notes.txt', headers: [['Range', 'bytes=10-5']], status: 416, contentType: HTML, cache: null, contentRange: 'bytes */64' },
  { name: 'range: start past the file', path: '/documentation/notes.txt', headers: [['Range', 'bytes=100-']], status: 416, contentType: HTML, cache: null, contentRange: 'bytes */64' },
  { name: 'range of a page keeps its cache header', path: '/documentation/guide/install/', headers: [['Range', 'bytes=0-14']], status: 206, contentType: HTML, cache: REVALIDATE },
];

/** Directory names nginx escapes in the slash redirect's Location (made by the test: git cannot hold CR or LF). */
export const ODD_DIRS = ['100%', 'a b', 'résumé', 'cr\rlf', 'nl\nx', 'tab\tx', 'q?x', 'h#x', 'quo"te', 'lt<gt>', 'back\\slash', 'caret^`{|}', 'plus+amp&eq=semi;', "it's(1)", 'colon:at@!$*,', 'del\x7fx'];

/** A file or folder the test adds to the built web root (path under it; `latin1`: the path's chars are bytes). */
export interface Extra {
  path: string;
  latin1?: true;
  content?: string;
  symlink?: string;
  dir?: true;
  socket?: true;
}

/** Files the test adds to the built web root. */
export const extras: Extra[] = [
  // exactly 64 bytes, for the Content-Range rows
  { path: 'documentation/notes.txt', content: 'Release notes of the fixture. Sixty-four bytes, for range rows.\n' },
  { path: 'documentation/empty.txt', content: '' },
  { path: 'documentation/feed.xml', content: '<?xml version="1.0"?><feed/>\n' },
  { path: 'documentation/manual.pdf', content: '%PDF-1.4\n%%EOF\n' },
  { path: 'documentation/notes.js.map', content: '{"version":3,"sources":[],"mappings":""}\n' },
  { path: 'documentation/README', content: 'a file without an extension\n' },
  { path: 'documentation/.env', content: 'NOT_A_SECRET=1\n' },
  { path: 'documentation/downloads', dir: true },
  { path: 'documentation/downloads/report.pdf', content: '%PDF-1.4\n%%EOF\n' },
  { path: 'documentation/old-data.json/index.html', content: '<!doctype html><title>old data</title>\n' },
  // a folder named index.html: the index module still hands the request to it, and try_files finds no file
  { path: 'documentation/folder-index/index.html/.keep', content: '' },
  { path: 'documentation/guide-link', symlink: 'guide' },
  { path: 'documentation/loop', symlink: 'loop' },
  { path: 'documentation/loop.txt', symlink: 'loop.txt' },
  // open() of a UNIX socket fails with ENXIO: the one file-system error that is neither 404 nor 403
  { path: 'documentation/socket', socket: true },
  { path: 'documentation/socket.txt', socket: true },
  ...ODD_DIRS.map((name): Extra => ({ path: `documentation/odd/${name}`, dir: true })),
  // a name that is not UTF-8 (the byte 0xFF)
  { path: 'documentation/odd/\xff', latin1: true, dir: true },
];
