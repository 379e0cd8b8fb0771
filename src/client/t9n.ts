// Translation bundles: `<base>/<component>/t9n/messages.<locale>.json`, English when the locale's file fails.
import { normalizeLocale, type LocaleRules } from './locale.js';

/** Loads a component's UI strings for a locale. */
export type MessagesLoader = (component: string, locale: string) => Promise<Record<string, string>>;

/** A loader for bundles under `basePath` (the component library's assets folder), cached per file. */
export function createMessagesLoader(basePath: string, rules: LocaleRules = {}): MessagesLoader {
  const cache = new Map<string, Promise<Record<string, string>>>();
  const english = rules.defaultLocale ?? 'en';
  const load = (component: string, locale: string): Promise<Record<string, string>> => {
    const url = `${basePath}/${component}/t9n/messages.${locale}.json`;
    let pending = cache.get(url);
    if (!pending) {
      pending = fetch(url)
        .then((res) => {
          if (!res.ok) throw new Error(`${url} answered ${res.status}`);
          return res.json() as Promise<Record<string, string>>;
        })
        .catch(() => (locale === english ? {} : load(component, english)));
      cache.set(url, pending);
    }
    return pending;
  };
  return (component, locale) => load(component, normalizeLocale(locale, rules));
}
