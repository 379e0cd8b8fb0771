import { z } from 'zod';
import { configCodes } from './codes.js';
import * as d from './defaults.js';
import { checkAllowedHost } from './host-rules.js';
import { checkConfigUrl } from './url-rules.js';
import { themeKeys } from './theme-schema.js';

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

/** One Markdown plugin of the config: `name`, or `[name]` / `[name, options]` (options as YAML gives them). */
const markdownPlugin = z.union([
  z.string().min(1),
  z.tuple([z.string().min(1)]),
  z.tuple([z.string().min(1), z.unknown()]),
]);

/** The site config (`docsgen.config.yaml`): every field optional; the defaults carry no organisation. */
const siteConfigObject = z
  .object({
    // when unset: the site folder's package.json `name` (loadProject), else SITE_NAME
    siteName: z.string().min(1).default(d.SITE_NAME),
    shortName: z.string().min(1).default('Docs'),
    // appended to every page title; defaults to siteName
    titlePostfix: z.string().min(1).optional(),
    pathPrefix: prefix.default(d.PATH_PREFIX),
    // the footer links to it when set
    forumUrl: url('link').optional(),
    // `twitter:site` when set
    socialHandle: z.string().regex(/^@\w+$/).optional(),
    // page paths are appended to it, so a trailing slash would double; no canonical URL, og:url or sitemap without it
    siteUrl: url('site').transform((s) => s.replace(/\/+$/, '')).optional(),
    // "Edit this page" on every page: `{path}` is the page's file under content/; no link when unset
    editUrl: url('edit').optional(),
    variables: z.record(z.string().regex(/^[a-z][a-z0-9_]*$/), z.string()).default({}),
    locales: z.array(z.string()).default([...d.SITE_LOCALES]),
    defaultLocale: z.string().default(d.DEFAULT_LOCALE),
    localeAliases: z.record(z.string(), z.string()).default({}),
    // empty: redirects may only point at the site itself
    allowedRedirectHosts: hosts(false).default([]),
    // the proxy fetches for any visitor: a host on the server's own network would be an SSRF hole
    proxyAllowedHosts: hosts(true).default([]),
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
    // --- inbound links (issue 28): a URL the last build published that is now no page and no redirect source ---
    removedPages: z.enum(['error', 'warn', 'off']).optional(),
    // --- theming (issue 25): see theme-schema.ts and docs/configuration.md ---
    ...themeKeys,
    // (issue 27) remark and rehype plugins, as Astro takes them: a module name or path, or `[name, options]`;
    // none keeps the fast Markdown path (see src/plugins/ and docs/markdown-plugins.md)
    markdown: z
      .object({
        remarkPlugins: z.array(markdownPlugin).default([]),
        rehypePlugins: z.array(markdownPlugin).default([]),
      })
      .strict()
      .default({}),
    // site search (docs/search.md): false builds no index, and the header shows no search button
    search: z.boolean().default(true),
    // partial hydration (issue 24, docs/templates.md): `partial` keeps the pages of templates exporting
    // `hydration = 'islands'` server HTML with islands; `full` hydrates every page with React
    hydration: z.enum(['partial', 'full']).default('partial'),
  })
  .strict();

/** The top-level keys of the config, for "unknown key" hints. */
export const siteConfigKeys: readonly string[] = Object.keys(siteConfigObject.shape);

/** The site config schema: the keys, the rules across keys, and the values derived from others. */
export const siteConfigSchema = siteConfigObject
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
  })
  .transform((config) => ({ ...config, titlePostfix: config.titlePostfix ?? config.siteName }));

export type SiteConfigInput = z.input<typeof siteConfigSchema>;
export type SiteConfig = z.output<typeof siteConfigSchema>;
