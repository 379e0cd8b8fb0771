// The grammar every exported line must keep whatever the input: one entry per rule, fields that cannot end the
// line, close a quote, start a comment or directive, or name a variable or placeholder of their own.
import { expect } from 'vitest';

/** Text a path, query or fragment may hold once encoded (RFC 3986 characters and `%XX`). */
const URL_TEXT = "(?:[A-Za-z0-9\\-._~!$&'()*+,;=:@/?#]|%[0-9A-Fa-f]{2})";
const TARGET_START = '(?:/(?!/)|https?://)';

/** `_redirects`: the rule lines (comments dropped), each `from  to  status` with safe fields. */
export function checkNetlify(text: string): string[] {
  const lines = text.trim().split('\n').filter((l) => !l.startsWith('#'));
  for (const line of lines) {
    const fields = line.split('  ');
    expect(fields, line).toHaveLength(3);
    expect(fields[0], line).toMatch(new RegExp(`^/${URL_TEXT.replace('?#', '')}*$`));
    expect(fields[1], line).toMatch(new RegExp(`^${TARGET_START}${URL_TEXT}*$`));
    expect(fields[2], line).toMatch(/^30[1278]$/);
  }
  return lines;
}

const NGINX_STRING = '"((?:[^"\\\\\\n\\r]|\\\\["\\\\])*)"';

/** nginx http.conf: the entries of the exact and pattern maps, each `"key" "value";`, values with only our variables. */
export function checkNginx(text: string): string[] {
  const entries: string[] = [];
  for (const map of ['map $uri $docsgen_exact {', 'map $docsgen_path $docsgen_pattern {']) {
    const start = text.indexOf(map);
    expect(start, map).toBeGreaterThan(-1);
    const body = text.slice(start + map.length, text.indexOf('\n}\n', start)).split('\n').filter((l) => l && l !== '    default "";');
    entries.push(...body);
  }
  for (const e of entries) {
    const m = new RegExp(`^ {4}${NGINX_STRING} ${NGINX_STRING};$`).exec(e);
    expect(m, e).not.toBeNull();
    const value = m![2]!.replace(/\\(["\\])/g, '$1');
    // a `$` is one of ours: the query variables, the literal dollar, or a capture
    expect(value.replace(/\$(?:docsgen_query|docsgen_and_query|\{docsgen_dollar\}|[1-9])/g, ''), e).not.toMatch(/\$/);
    expect(value, e).toMatch(new RegExp(`^30[1278]:${TARGET_START}`));
  }
  return entries;
}

/** Apache: the RewriteRule lines after the two set-up rules; quoted fields with no quote or space, `%` and `$` escaped. */
export function checkApache(text: string): string[] {
  const lines = text.split('\n').filter((l) => l.startsWith('Rewrite'));
  const rules: string[] = [];
  for (const l of lines) {
    if (l.startsWith('RewriteCond')) {
      expect(l, l).toMatch(/^RewriteCond (%\{QUERY_STRING\} (\^\(\.\+\)\$|=""|)|%\{THE_REQUEST\} "[^"]+"|%\{ENV:DOCSGEN_PATH\} "[^"\s]+" \[NC\])$/);
      continue;
    }
    if (/^RewriteRule \^ - \[E=DOCSGEN_[A-Z_]+:(&)?%1\]$/.test(l) || l === 'RewriteEngine On') continue;
    const m = /^RewriteRule ("[^"\s]+"|\^) "([^"\s]+)" \[R=30[1278],(NC,)?NE,L\]$/.exec(l);
    expect(m, l).not.toBeNull();
    const sub = m![2]!;
    expect(sub, l).toMatch(new RegExp(`^${TARGET_START}`));
    expect(sub.replace(/\\[%$\\]|%\{QUERY_STRING\}|%\{ENV:DOCSGEN_AND_QUERY\}|%[1-9]/g, ''), l).not.toMatch(/[%$\\]/);
    rules.push(l);
  }
  return rules;
}

/** Caddy: the matcher and redir lines inside `route`; no space, quote or brace of their own in a token. */
export function checkCaddy(text: string): string[] {
  const body = text.slice(text.indexOf('route {\n') + 8, text.lastIndexOf('\n}')).split('\n');
  for (const l of body) {
    const matcher = /^\t@docsgen_[rp]\d+ (path (\/\S*)( \/\S*)?|path_regexp \(\?i\)(\S+)|vars_regexp (docsgen_p\d+) \{http\.request\.orig_uri\} \(\?i\)(\S+))$/.exec(l);
    const redir = /^\tredir @docsgen_[rp]\d+ (\S+) 30[1278]$/.exec(l);
    expect(matcher ?? redir, l).not.toBeNull();
    if (matcher?.[2]) expect(matcher[2] + (matcher[3] ?? ''), l).toMatch(/^[a-z0-9._~/\- ]+$/);
    const re = matcher?.[4] ?? matcher?.[6];
    if (re) expect(re.replace(/\\x\{[0-9A-F]+\}/g, ''), l).not.toMatch(/[{}"#\s]/);
    if (redir) {
      expect(redir[1], l).toMatch(new RegExp(`^${TARGET_START}`));
      expect(redir[1]!.replace(/\{(?:docsgen_query|docsgen_and_query|re\.docsgen_p\d+\.[1-9])\}/g, ''), l).not.toMatch(/[{}"\s]/);
    }
  }
  return body.filter((l) => l.startsWith('\tredir'));
}
