// The browser runtime's entry: hydrates the server-rendered page with the same props the build rendered.
// (The full navigation runtime — loader, prefetch, scroll, announcer, service worker — builds on this.)
import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { setAssetPath } from '@esri/calcite-components';

/** Options the build bakes into the app bundle. */
export interface AppOptions {
  pathPrefix: string;
  chunks: Record<string, string>;
}

interface PageData {
  componentChunkName: string;
  path: string;
  result: { pageContext: Record<string, unknown> };
  staticQueryHashes: string[];
  slicesMap: Record<string, string>;
}

/** Page-data URL of a path: `/documentation/page-data/{path or index}/page-data.json`. */
export function pageDataUrl(prefix: string, pathname: string): string {
  let p = pathname.startsWith(prefix) ? pathname.slice(prefix.length) : pathname;
  p = p.replace(/\/+$/, '').replace(/^\/+/, '');
  return `${prefix}/page-data/${p === '' ? 'index' : p}/page-data.json`;
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as T;
}

/** Starts the app: load the current page's data and template, then hydrate. */
export async function startApp(options: AppOptions): Promise<void> {
  setAssetPath(`${options.pathPrefix}/calcite/`);
  const root = document.getElementById('___docsgen');
  if (!root) return;
  const pd = await getJson<PageData>(pageDataUrl(options.pathPrefix, window.location.pathname));
  const [sq, slices, mod] = await Promise.all([
    Promise.all(pd.staticQueryHashes.map((h) => getJson<{ data: Record<string, unknown> }>(`${options.pathPrefix}/page-data/sq/d/${h}.json`))),
    Promise.all(Object.entries(pd.slicesMap).map(async ([name, file]) => [name, (await getJson<{ data: unknown }>(`${options.pathPrefix}/slice-data/${file}.json`)).data] as const)),
    import(/* @vite-ignore */ options.chunks[pd.componentChunkName]!) as Promise<{ default: ComponentType<Record<string, unknown>> }>,
  ]);
  const props: Record<string, unknown> = { page: pd.result.pageContext };
  for (const q of sq) Object.assign(props, q.data);
  for (const [name, data] of slices) props[name] = data;
  hydrateRoot(root, createElement(mod.default, props));
}
