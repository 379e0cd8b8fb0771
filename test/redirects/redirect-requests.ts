// The request table of issue 21: requests an old documentation site really gets, with the answer each host gives
// by its documentation, written by hand (not computed by docsgen). The rules are fixtures/redirects/request-table/.
//
// What the expected answers follow:
// - nginx, Apache, Caddy and docsgen's matcher compare a path decoded and normalised (`$uri`, the URL-path,
//   `{path}`: `%XX` decoded, `//` merged, dot segments resolved), ASCII letters in any case, one trailing slash
//   optional; patterns capture from the path as sent, so a capture stays encoded;
// - Netlify ("Paths are case-sensitive and special characters in paths must be url-encoded") and Vercel
//   (case-sensitive routes, vercel/vercel#4341) compare the path as the browser sends it;
// - a static host (html stubs) maps the decoded path to a file name, exactly, and only exact sources have a stub;
// - every host keeps the request query (`?q`, or `&q` after the target's own) before the target's fragment.
import type { Answer, HostId } from './hosts.js';

/** One request and its expected answers: `expect` for the hosts that fold ASCII case and decode, overrides for the rest. */
export interface RequestRow {
  /** Raw path and query as sent on the request line. */
  request: string;
  /** The answer of nginx, Apache, Caddy and docsgen's matcher: [status, Location], or null for no redirect. */
  expect: [number, string] | null;
  /** What the row shows. */
  why: string;
  /** Hosts whose documented behaviour differs, with their answer ([status, Location] or null). */
  except?: Partial<Record<HostId, [number, string] | null>>;
}

/** The answer a row expects from `host`. html stubs answer 200 with the target their script sends the browser to. */
export function expected(row: RequestRow, host: HostId): Answer {
  if (host === 'serve' && refusedByNode(row.request)) return null;
  const e = row.except && host in row.except ? row.except[host]! : host === 'html' && row.expect ? [200, row.expect[1]] : row.expect;
  return e ? { status: e[0], location: e[1] } : null;
}

/**
 * Node's HTTP parser refuses a request line holding raw bytes from 0x80 (HPE_INVALID_URL): `docsgen serve` answers
 * 400 where nginx redirects (test/serve/request-table-heads.ts records it). Browsers always send such bytes encoded.
 */
export function refusedByNode(request: string): boolean {
  return /[^\x00-\x7f]/.test(request);
}

/** Netlify and Vercel compare the path as sent, html stubs are file names: a request spelled otherwise misses them. */
const spelledOtherwise = { netlify: null, vercel: null, html: null } as const;
/** Only the case differs: the static host's lower-case twin still catches an all-lower-case request. */
const caseOnly = { netlify: null, vercel: null } as const;
/** Another encoding of the same path: the static host decodes it to the same file name; Netlify and Vercel miss it. */
const encodedOtherwise = { netlify: null, vercel: null } as const;
/** A pattern: no stub can stand for it. */
const noStub = { html: null } as const;

/** Requests against fixtures/redirects/request-table (prefix `/documentation`). */
export const requestTable: RequestRow[] = [
  // exact sources
  { request: '/documentation/old/', expect: [301, '/documentation/new/'], why: 'an exact source as written' },
  { request: '/documentation/old', expect: [301, '/documentation/new/'], why: 'without its trailing slash' },
  { request: '/documentation/old/?utm_source=a&x=%20y', expect: [301, '/documentation/new/?utm_source=a&x=%20y'], why: 'the query is kept as sent' },
  { request: '/documentation/old?', expect: [301, '/documentation/new/'], why: 'an empty query adds nothing' },
  { request: '/DOCUMENTATION/OLD/', expect: [301, '/documentation/new/'], why: 'upper case, prefix included', except: spelledOtherwise },
  { request: '/documentation/Old', expect: [301, '/documentation/new/'], why: 'mixed case, no slash', except: spelledOtherwise },
  { request: '/documentation/Mapping-APIs/Routing/', expect: [301, '/documentation/routing/'], why: 'a source written with capitals, as written' },
  { request: '/documentation/mapping-apis/routing/', expect: [301, '/documentation/routing/'], why: 'the same in lower case: the static host has the lower-case twin', except: caseOnly },
  { request: '/documentation/MAPPING-APIS/ROUTING', expect: [301, '/documentation/routing/'], why: 'the same in upper case', except: spelledOtherwise },
  { request: '/documentation/olden/', expect: null, why: 'a longer segment is another path' },
  { request: '/documentation/old/extra', expect: null, why: 'an exact source is not a prefix' },
  // percent-encoded and non-ASCII sources
  { request: '/documentation/old%20page/', expect: [301, '/documentation/new-page/'], why: 'a percent-encoded space' },
  { request: '/documentation/OLD%20PAGE', expect: [301, '/documentation/new-page/'], why: 'a percent-encoded space, upper case', except: spelledOtherwise },
  { request: '/documentation/r%C3%A9sum%C3%A9/', expect: [301, '/documentation/cv/'], why: 'non-ASCII as the browser sends it' },
  { request: '/documentation/r%c3%a9sum%c3%a9', expect: [301, '/documentation/cv/'], why: 'lower-case hex', except: encodedOtherwise },
  { request: '/documentation/résumé/', expect: [301, '/documentation/cv/'], why: 'raw UTF-8 bytes (curl, old clients)', except: encodedOtherwise },
  { request: '/documentation/R%C3%A9SUM%C3%A9/', expect: [301, '/documentation/cv/'], why: 'ASCII letters in another case around an escape', except: spelledOtherwise },
  { request: '/documentation/R%C3%89SUM%C3%89/', expect: null, why: 'É is not é: non-ASCII letters never fold (nginx folds ASCII only)' },
  { request: '/documentation/na%C3%AFve-stra%C3%9Fe/', expect: [301, '/documentation/naive-strasse/'], why: 'a source written in non-ASCII text, requested encoded' },
  { request: '/documentation/naïve-straße', expect: [301, '/documentation/naive-strasse/'], why: 'the same as raw bytes', except: encodedOtherwise },
  { request: '/documentation/a+b&c/', expect: [301, '/documentation/a-b-c/'], why: '`+` and `&` in a path' },
  { request: '/documentation/a%2Bb%26c/', expect: [301, '/documentation/a-b-c/'], why: 'the same, percent-encoded', except: encodedOtherwise },
  { request: "/documentation/(draft)/it's/", expect: [301, '/documentation/draft/'], why: '`(`, `)` and `\'` in a path' },
  { request: '/documentation/%28draft%29/it%27s', expect: [301, '/documentation/draft/'], why: 'the same, percent-encoded', except: encodedOtherwise },
  { request: '/documentation/price$/', expect: [301, '/documentation/pricing/'], why: '`$` in a source (a variable in nginx and Apache lines)' },
  { request: '/documentation/price%24/', expect: [301, '/documentation/pricing/'], why: 'the same, percent-encoded', except: encodedOtherwise },
  { request: '/documentation/std::vector/', expect: [301, '/documentation/vector/'], why: '`:` inside a segment is not a placeholder' },
  { request: '/documentation/%6Fld/', expect: [301, '/documentation/new/'], why: 'an escaped letter is the letter', except: encodedOtherwise },
  { request: '/documentation//old/', expect: [301, '/documentation/new/'], why: 'the servers merge `//`', except: encodedOtherwise },
  { request: '/documentation/x/../old/', expect: [301, '/documentation/new/'], why: 'the servers resolve `..`', except: encodedOtherwise },
  { request: '/documentation/and-more.', expect: [301, '/documentation/more/'], why: 'a source ending in `.` (Caddy\'s `path` trims a final dot: the export uses `path_regexp`)' },
  { request: '/documentation/And-More./?x=1', expect: [301, '/documentation/more/?x=1'], why: 'the same in another case, with the slash and a query', except: spelledOtherwise },
  { request: '/documentation/old-draft?x=1', expect: [301, '/documentation/v2:%31/%28draft%29/?x=1'], why: 'a target path with `:1` and `(…)`: escaped on every host, or Vercel refuses vercel.json' },
  // targets with a query, a fragment, another host; every status
  { request: '/documentation/maps-js/', expect: [301, '/documentation/maps/?tab=js#install'], why: 'a target with a query and a fragment' },
  { request: '/documentation/maps-js?x=1&y', expect: [301, '/documentation/maps/?tab=js&x=1&y#install'], why: 'the request query after the target\'s, before its fragment' },
  { request: '/documentation/glossary-old/', expect: [301, '/documentation/glossary/#terms'], why: 'a target with a fragment' },
  { request: '/documentation/glossary-old/?q=a%26b', expect: [301, '/documentation/glossary/?q=a%26b#terms'], why: 'the request query before the target\'s fragment' },
  { request: '/documentation/rest/?f=json', expect: [301, 'https://developers.arcgis.com/rest/?f=json'], why: 'an allowed external host, query kept' },
  { request: '/documentation/beta/', expect: [302, '/documentation/new/'], why: 'status 302 (validate-redirects warns)' },
  { request: '/documentation/preview?a=1', expect: [307, '/documentation/new/?a=1'], why: 'status 307' },
  { request: '/documentation/moved/', expect: [308, '/documentation/new/'], why: 'status 308' },
  // patterns
  { request: '/documentation/topics/Routing/', expect: [301, '/documentation/t/Routing/'], why: 'a placeholder keeps the request\'s case', except: noStub },
  { request: '/documentation/TOPICS/routing', expect: [301, '/documentation/t/routing/'], why: 'a pattern in another case, no slash', except: spelledOtherwise },
  { request: '/documentation/topics/r%C3%A9seau/?x=1', expect: [301, '/documentation/t/r%C3%A9seau/?x=1'], why: 'a capture stays encoded', except: noStub },
  { request: '/documentation/topics/a%20b%3Fc/', expect: [301, '/documentation/t/a%20b%3Fc/'], why: 'an encoded `?` in a capture stays in the path', except: noStub },
  { request: '/documentation/topics/a%2Fb/', expect: [301, '/documentation/t/a%2Fb/'], why: 'an encoded slash in a capture stays encoded', except: { ...noStub, apache: null } },
  { request: '/documentation/topics/', expect: null, why: 'a placeholder is never empty' },
  { request: '/documentation/topics/a/b/', expect: null, why: 'a placeholder is one segment' },
  { request: '/documentation/samples', expect: [301, '/documentation/s/'], why: 'an empty splat', except: noStub },
  { request: '/documentation/samples/', expect: [301, '/documentation/s/'], why: 'an empty splat with the slash', except: noStub },
  { request: '/documentation/samples/a/B/c.html?x=1', expect: [301, '/documentation/s/a/B/c.html?x=1'], why: 'a deep splat, query kept', except: noStub },
  { request: '/documentation/SAMPLES/X', expect: [301, '/documentation/s/X'], why: 'a splat in another case', except: spelledOtherwise },
  { request: '/documentation/samples/a%20b?q=%3F', expect: [301, '/documentation/s/a%20b?q=%3F'], why: 'escapes in the splat and the query stay', except: noStub },
  { request: '/documentation/samples/%5Cevil.example', expect: [301, '/documentation/s/%5Cevil.example'], why: 'an encoded backslash stays encoded (Caddy used to decode it)', except: noStub },
  { request: '/documentation/samples//evil.example', expect: null, why: 'a splat never starts with `/`', except: { netlify: [301, '/documentation/s//evil.example'] } },
  { request: '/documentation/samples/\\evil.example', expect: null, why: 'nor with `\\` (browsers read `/\\` as `//`)', except: { netlify: [301, '/documentation/s/\\evil.example'] } },
  { request: '/documentation/%E6%97%A5%E6%9C%AC%E8%AA%9E/intro/', expect: [301, '/documentation/ja/intro/?lang=ja'], why: 'a non-ASCII literal in a pattern, encoded; a target query', except: noStub },
  { request: '/documentation/日本語/intro?x=1', expect: [301, '/documentation/ja/intro/?lang=ja&x=1'], why: 'the same literal as raw bytes', except: spelledOtherwise },
  { request: '/documentation/%e6%97%a5%e6%9c%ac%e8%aa%9e/intro', expect: [301, '/documentation/ja/intro/?lang=ja'], why: 'the same literal in lower-case hex', except: spelledOtherwise },
  { request: '/documentation/guides/one/two/', expect: [301, '/documentation/g/two/one/'], why: 'two placeholders, swapped', except: noStub },
  { request: '/documentation/guides/One/Two?z', expect: [301, '/documentation/g/Two/One/?z'], why: 'two placeholders, case kept, query kept', except: noStub },
  { request: '/documentation/c++/a(1)/', expect: [301, '/documentation/cpp/a(1)/'], why: 'reserved characters in a pattern literal and a capture', except: noStub },
  { request: '/documentation/c%2B%2B/a%281%29/', expect: [301, '/documentation/cpp/a%281%29/'], why: 'the literal percent-encoded; the capture as sent', except: spelledOtherwise },
];

/**
 * Requests against fixtures/redirects/request-table-root (prefix `""`, a splat filling the whole target): none may
 * leave the site. Netlify's `_redirects` cannot say what a splat may hold; validate-redirects warns there (DG4011).
 */
export const rootTable: RequestRow[] = [
  { request: '/old/a/b?x=1', expect: [301, '/a/b?x=1'], why: 'the splat is the whole target', except: noStub },
  { request: '/old/%5Cevil.example', expect: [301, '/%5Cevil.example'], why: 'an encoded backslash stays encoded: same site', except: noStub },
  { request: '/old/%5cevil.example', expect: [301, '/%5cevil.example'], why: 'in lower-case hex too', except: noStub },
  { request: '/old//evil.example', expect: null, why: 'never `//host`', except: { netlify: [301, '//evil.example'] } },
  { request: '/old/\\evil.example', expect: null, why: 'never `/\\host`', except: { netlify: [301, '/\\evil.example'] } },
  { request: '/go/%2F%2Fevil.example/', expect: [301, '/%2F%2Fevil.example/'], why: 'encoded slashes stay encoded: same site', except: { ...noStub, apache: null } },
  { request: '/go/evil.example', expect: [301, '/evil.example/'], why: 'a placeholder target under the root', except: noStub },
];
