// Locale resolution for UI strings (the component library's t9n rules): casing normalised, aliases applied
// (pt → pt-PT, nb and nn → no, zh → zh-CN), a region dropped when only the language is supported, else English.
import { DEFAULT_LOCALE, LOCALES, LOCALE_ALIASES } from '../config/defaults.js';

/** The locale set and aliases in force (the site config's, else the seed's). */
export interface LocaleRules {
  locales?: readonly string[];
  defaultLocale?: string;
  localeAliases?: Record<string, string>;
}

/** `EN-us` → `en-US`, then aliases; returns a supported locale or the default. */
export function normalizeLocale(lang: string | null | undefined, rules: LocaleRules = {}): string {
  const supported = new Set(rules.locales ?? LOCALES);
  const aliases = rules.localeAliases ?? LOCALE_ALIASES;
  const fallback = rules.defaultLocale ?? DEFAULT_LOCALE;
  if (!lang) return fallback;
  const [language = '', region] = lang.trim().split(/[-_]/);
  const base = language.toLowerCase();
  const full = region ? `${base}-${region.toUpperCase()}` : base;
  const pick = (l: string) => aliases[l] ?? l;
  if (supported.has(pick(full))) return pick(full);
  if (region && supported.has(pick(base))) return pick(base);
  return fallback;
}

/** The reader's UI locale: the page's `lang`, else the browser's language, resolved with the rules. */
export function uiLocale(rules: LocaleRules = {}): string {
  return normalizeLocale(document.documentElement.lang || navigator.language, rules);
}
