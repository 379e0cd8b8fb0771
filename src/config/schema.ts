import { z } from 'zod';
import * as d from './defaults.js';

const prefix = z
  .string()
  .regex(/^(\/[a-z0-9][a-z0-9-]*)*$/, 'a path prefix like "/documentation" (lower case, no trailing slash) or ""');

/** The site config (`docsgen.config.yaml`); every field optional, defaults from the seed. */
export const siteConfigSchema = z
  .object({
    siteName: z.string().min(1).default(d.SITE_NAME),
    shortName: z.string().min(1).default('Docs'),
    titlePostfix: z.string().min(1).default(d.TITLE_POSTFIX),
    pathPrefix: prefix.default(d.PATH_PREFIX),
    forumUrl: z.string().url().default(d.FORUM_URL),
    socialHandle: z.string().regex(/^@\w+$/).default(d.SOCIAL_HANDLE),
    siteUrl: z.string().url().default('https://developers.arcgis.com'),
    variables: z.record(z.string().regex(/^[a-z][a-z0-9_]*$/), z.string()).default({ ...d.VARIABLES }),
    locales: z.array(z.string()).default([...d.LOCALES]),
    defaultLocale: z.string().default(d.DEFAULT_LOCALE),
    localeAliases: z.record(z.string(), z.string()).default({ ...d.LOCALE_ALIASES }),
    allowedRedirectHosts: z.array(z.string()).default([...d.ALLOWED_EXTERNAL_HOSTS]),
    proxyAllowedHosts: z.array(z.string()).default(['js.arcgis.com', 'www.googletagmanager.com']),
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
  .strict();

export type SiteConfigInput = z.input<typeof siteConfigSchema>;
export type SiteConfig = z.output<typeof siteConfigSchema>;
