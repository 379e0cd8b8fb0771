import { FORMAT_IDS, type RedirectFormat, type RedirectFormatter } from '../types.js';
import { apacheFormat } from './apache.js';
import { caddyFormat } from './caddy.js';
import { htmlFormat } from './html.js';
import { jsonFormat } from './json.js';
import { netlifyFormat } from './netlify.js';
import { nginxFormat } from './nginx.js';
import { vercelFormat } from './vercel.js';

/** Every redirect format, by id. Adding one = one file here plus a line in this table. */
export const formats: Record<RedirectFormat, RedirectFormatter> = {
  nginx: nginxFormat,
  netlify: netlifyFormat,
  json: jsonFormat,
  apache: apacheFormat,
  caddy: caddyFormat,
  vercel: vercelFormat,
  html: htmlFormat,
};

/** Format ids, in the order `--help` lists them. */
export const formatIds: readonly RedirectFormat[] = FORMAT_IDS;
