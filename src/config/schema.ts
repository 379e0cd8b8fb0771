import { z } from 'zod';
import { configCodes } from './codes.js';
import * as d from './defaults.js';
import { checkAllowedHost } from './host-rules.js';
import { checkConfigUrl } from './url-rules.js';

const prefix = z
  .string()
  .regex(/^(\/[a-z0-9][a-z0-9-]*)*$/, 'a path prefix like "/documentation" (lower case, no trailing slash) or ""');

// Rules that are more than a type carry their code and hint in the issue's params, for the loader's diagnostic.
const url = (kind: 'site' | 'link' | 'edit') =>
  z.string().superRefine((value, ctx) => {
    const problem = checkConfigUrl(value, kind);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, params: { code: problem.code ?? configCodes.UNSAFE_URL, hint: problem.hint } });
  });

const hosts = (refusePrivate: boolean) =>
  z.array(
    z.string().superRefine((value, ctx) => {
      const problem = checkAllowedHost(value, { refusePrivate });
      if (problem) ctx.addIssue({ code: 'custom', message: problem.message, params: { code: problem.code, hint: problem.hint } });
    }),
  );

/** The site config (`docsgen.config.yaml`); every field optional, defaults from the seed. */
export const siteConfigSchema = z
  .object({
    siteName: z.string().min(1).default(d.SITE_NAME),
    shortName: z.string().min(1).default('Docs'),
    titlePostfix: z.string().min(1).default(d.TITLE_POSTFIX),
    pathPrefix: prefix.default(d.PATH_PREFIX),
    forumUrl: url('link').default(d.FORUM_URL),
    socialHandle: z.string().regex(/^@\w+$/).default(d.SOCIAL_HANDLE),
    // page paths are appended to it, so a trailing slash would double
    siteUrl: url('site').transform((s) => s.replace(/\/+$/, '')).default('https://developers.arcgis.com'),
    // "Edit this page" on every page: `{path}` is the page's file under content/; no link when unset
    editUrl: url('edit').optional(),
    variables: z.record(z.string().regex(/^[a-z][a-z0-9_]*$/), z.string()).default({ ...d.VARIABLES }),
    locales: z.array(z.string()).default([...d.LOCALES]),
    defaultLocale: z.string().default(d.DEFAULT_LOCALE),
    localeAliases: z.record(z.string(), z.string()).default({ ...d.LOCALE_ALIASES }),
    allowedRedirectHosts: hosts(false).default([...d.ALLOWED_EXTERNAL_HOSTS]),
    // the proxy fetches for any visitor: a host on the server's own network would be an SSRF hole
    proxyAllowedHosts: hosts(true).default(['js.arcgis.com', 'www.googletagmanager.com']),
    // the host the site deploys to: its redirect limits become errors (redirects/types.ts DEPLOY_TARGETS)
    deployTarget: z.enum(['nginx', 'apache', 'caddy', 'netlify', 'cloudflare', 'vercel', 'static']).optional(),
    images: z
      .object({
        maxWidth: z.number().int().positive().default(d.IMAGES.maxWidth),
        quality: z.number().int().min(1).max(100).default(d.IMAGES.quality),
        displayMaxWidth: z.number().int().positive().default(d.IMAGES.displayMaxWidth),
      })
      .strict()
      .default({}),
    manifestIcon: z.string().default('content/images/site-icon.png'),
  })
  .strict()
  .superRefine((config, ctx) => {
    if (config.locales.includes(config.defaultLocale)) return;
    const listed = config.locales.length ? config.locales.join(', ') : '(none)';
    ctx.addIssue({
      code: 'custom',
      path: ['defaultLocale'],
      message: `the default locale \`${config.defaultLocale}\` is not one of \`locales\``,
      // when `defaultLocale` is not written in the file, the `locales` list is what left it out
      params: { code: configCodes.LOCALE_NOT_LISTED, hint: `add \`${config.defaultLocale}\` to \`locales\`, or set \`defaultLocale\` to one of: ${listed}`, orAt: ['locales'] },
    });
  });

export type SiteConfigInput = z.input<typeof siteConfigSchema>;
export type SiteConfig = z.output<typeof siteConfigSchema>;
