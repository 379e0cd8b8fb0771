import { NGINX_PROXY_DECODE_STEPS } from './server-rules.js';

const HOST = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/i;

/**
 * Maps of the third-party script proxy for http.conf. nginx cannot percent-decode a query argument, so a chain
 * of maps decodes `%3A %2F %3F %3D %26` one at a time (enough for `encodeURIComponent` of a script URL); the
 * decoded value must then be `https://<allowed host>` followed by `/` or nothing, else the target is empty and
 * server.conf answers 403. The host check runs on the decoded text, so no encoding can sneak another host in.
 */
export function nginxProxyMaps(allowedHosts: readonly string[]): string[] {
  const hosts = allowedHosts.filter((h) => HOST.test(h)).map((h) => h.toLowerCase().replace(/\./g, '\\.'));
  const lines = ['# Third-party script proxy: decode the url argument, then allow listed hosts only.'];
  let prev = '$arg_url';
  for (let i = 1; i <= NGINX_PROXY_DECODE_STEPS; i++) {
    const v = `$docsgen_proxy_u${i}`;
    lines.push(`map ${prev} ${v} { "~*^(.*?)%3A(.*)$" "$1:$2"; "~*^(.*?)%2F(.*)$" "$1/$2"; "~*^(.*?)%3F(.*)$" "$1?$2"; "~*^(.*?)%3D(.*)$" "$1=$2"; "~*^(.*?)%26(.*)$" "$1&$2"; default ${prev}; }`);
    prev = v;
  }
  const allow = hosts.length ? `"~*^https://(${hosts.join('|')})(/[^#]*)?$"` : null;
  lines.push(`map ${prev} $docsgen_proxy_target {`, '    default "";', ...(allow ? [`    ${allow} "https://$1$2";`] : []), '}');
  lines.push(`map ${prev} $docsgen_proxy_host {`, '    default "";', ...(allow ? [`    ${allow} $1;`] : []), '}');
  return lines;
}
