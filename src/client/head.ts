// Keeps the document head in step with a client-rendered page: title, description and canonical address.

function setMeta(selector: string, value: string | undefined): void {
  if (value === undefined) return;
  document.head.querySelector<HTMLMetaElement>(selector)?.setAttribute('content', value);
}

/** Updates <title>, the description and social meta, and the canonical link from a page's props. */
export function updateHead(props: Record<string, unknown>): void {
  const page = (props.page ?? {}) as { title?: string; description?: string; url?: string };
  const site = (props.site ?? {}) as { titlePostfix?: string };
  const title = page.title && site.titlePostfix ? `${page.title} | ${site.titlePostfix}` : page.title;
  setHead({ title, description: page.description, url: page.url });
}

/** Sets the head from a page's full title, description and address (what an -rsc page data carries). */
export function setHead(head: { title?: string | undefined; description?: string | undefined; url?: string | undefined }): void {
  if (head.title) {
    document.title = head.title;
    setMeta('meta[property="og:title"]', head.title);
  }
  setMeta('meta[name="description"]', head.description);
  setMeta('meta[property="og:description"]', head.description);
  const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (canonical && head.url) canonical.href = new URL(head.url, canonical.href).href;
}
