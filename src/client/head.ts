// Keeps the document head in step with a client-rendered page: title, description and canonical address.

function setMeta(selector: string, value: string | undefined): void {
  if (value === undefined) return;
  document.head.querySelector<HTMLMetaElement>(selector)?.setAttribute('content', value);
}

/** Updates <title>, the description and social meta, and the canonical link from a page's props. */
export function updateHead(props: Record<string, unknown>): void {
  const page = (props.page ?? {}) as { title?: string; description?: string; url?: string };
  const site = (props.site ?? {}) as { titlePostfix?: string };
  if (page.title) {
    const title = site.titlePostfix ? `${page.title} | ${site.titlePostfix}` : page.title;
    document.title = title;
    setMeta('meta[property="og:title"]', title);
  }
  setMeta('meta[name="description"]', page.description);
  setMeta('meta[property="og:description"]', page.description);
  const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (canonical && page.url) canonical.href = new URL(page.url, canonical.href).href;
}
