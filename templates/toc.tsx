import { useEffect, useState } from 'react';
import type { TocEntry } from './types';

/** The reading line, as a share of the viewport's height from its top: the section crossing it is the one read. */
const READING_LINE = 0.3;

/**
 * The section in view: the last heading of the table of contents above the reading line (null above the first).
 * Only browsers compute it, after hydration (the server renders no current section, so the markup agrees);
 * an IntersectionObserver wakes it when a heading crosses the line, with no work on every scroll event.
 */
function useSectionInView(toc: readonly TocEntry[]): string | null {
  const [current, setCurrent] = useState<string | null>(null);
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const headings = toc.map((t) => document.getElementById(t.id)).filter((h): h is HTMLElement => h !== null);
    if (headings.length === 0) return;
    const pick = () => {
      const line = window.innerHeight * READING_LINE;
      let id: string | null = null;
      for (const h of headings) {
        if (h.getBoundingClientRect().top > line) break;
        id = h.id;
      }
      // at the very end of a page, its last sections may be too short to ever reach the line
      const atEnd = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      if (atEnd && window.scrollY > 0) id = headings[headings.length - 1]!.id;
      setCurrent(id);
    };
    // the root is the band above the reading line: a heading crossing it in either direction calls pick
    const observer = new IntersectionObserver(pick, { rootMargin: `0px 0px -${100 - READING_LINE * 100}% 0px` });
    for (const h of headings) observer.observe(h);
    // and the page's end coming into view anywhere, for the last sections
    const ends = new IntersectionObserver(pick);
    const end = document.querySelector('.site-footer');
    if (end) ends.observe(end);
    pick();
    return () => {
      observer.disconnect();
      ends.disconnect();
    };
  }, [toc]);
  return current;
}

/** "On this page": the h2/h3 headings of the article, the one being read marked as the current location. */
export function TableOfContents({ toc }: { toc: readonly TocEntry[] }) {
  const current = useSectionInView(toc);
  if (toc.length === 0) return null;
  return (
    <aside className="toc" aria-label="On this page">
      <p className="toc-title">On this page</p>
      <ul>
        {toc.map((t) => (
          <li key={t.id} className={`toc-depth-${t.depth}`}>
            <a href={`#${t.id}`} aria-current={t.id === current ? 'true' : undefined}>{t.text}</a>
          </li>
        ))}
      </ul>
    </aside>
  );
}
