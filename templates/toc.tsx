import { defineIsland } from 'docsgen/runtime';
import type { TocEntry } from './types';

/** The reading line, as a share of the viewport's height from its top: the section crossing it is the one read. */
const READING_LINE = 0.3;

/**
 * The `toc` island: marks the section in view, the last heading of the table of contents above the reading line
 * (none above the first). Only browsers compute it (the server marks nothing); an IntersectionObserver wakes it
 * when a heading crosses the line, with no work on every scroll event.
 */
const tocHighlight = defineIsland('toc', (aside, _props, signal) => {
  if (typeof IntersectionObserver === 'undefined') return;
  const links = [...aside.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')];
  const entries = links
    .map((a) => ({ a, heading: document.getElementById(decodeURIComponent(a.hash.slice(1))) }))
    .filter((e): e is { a: HTMLAnchorElement; heading: HTMLElement } => e.heading !== null);
  if (entries.length === 0) return;
  const pick = () => {
    const line = window.innerHeight * READING_LINE;
    let current: HTMLAnchorElement | null = null;
    for (const e of entries) {
      if (e.heading.getBoundingClientRect().top > line) break;
      current = e.a;
    }
    // at the very end of a page, its last sections may be too short to ever reach the line
    const atEnd = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
    if (atEnd && window.scrollY > 0) current = entries[entries.length - 1]!.a;
    for (const e of entries) {
      if (e.a === current) e.a.setAttribute('aria-current', 'true');
      else e.a.removeAttribute('aria-current');
    }
  };
  // the root is the band above the reading line: a heading crossing it in either direction calls pick
  const observer = new IntersectionObserver(pick, { rootMargin: `0px 0px -${100 - READING_LINE * 100}% 0px` });
  for (const e of entries) observer.observe(e.heading);
  // and the page's end coming into view anywhere, for the last sections
  const ends = new IntersectionObserver(pick);
  const end = document.querySelector('.site-footer');
  if (end) ends.observe(end);
  pick();
  signal.addEventListener('abort', () => {
    observer.disconnect();
    ends.disconnect();
  });
});

/** "On this page": the h2/h3 headings of the article; the `toc` island marks the one being read. */
export function TableOfContents({ toc }: { toc: readonly TocEntry[] }) {
  if (toc.length === 0) return null;
  return (
    <aside className="toc" aria-label="On this page" {...tocHighlight.attrs()}>
      <p className="toc-title">On this page</p>
      <ul>
        {toc.map((t) => (
          <li key={t.id} className={`toc-depth-${t.depth}`}>
            <a href={`#${t.id}`}>{t.text}</a>
          </li>
        ))}
      </ul>
    </aside>
  );
}
