import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { SearchAnswer as Answer, SearchHit as Hit } from 'docsgen/runtime';

/** Calcite's 24 px "search" icon, inline: the header button draws at once, with no icon request. */
const SEARCH_ICON =
  'M22.053 21.346l-6.271-6.271a8.302 8.302 0 1 0-.707.707l6.271 6.271zM3 9.5A6.5 6.5 0 1 1 9.5 16 6.508 6.508 0 0 1 3 9.5z';

interface SearchRuntime {
  search: (q: string) => Promise<Answer>;
  searchDebounceMs: number;
  navigate: (to: string) => Promise<void>;
}

const runtime = () => (typeof window === 'undefined' ? undefined : (window.___docsgenRuntime as unknown as SearchRuntime | undefined));

/**
 * The header's search button and its dialog (issue 23): opened also with `/` and Ctrl/Cmd-K; results as you
 * type (after the component library's filter debounce), arrow keys move through them, Enter opens one by
 * client-side navigation, Escape closes. Shown only when the runtime offers search (the build wrote an index).
 */
export function SearchButton({ pathPrefix }: { pathPrefix: string }) {
  const [available, setAvailable] = useState(false);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // the runtime is published just after hydration, after this effect: looked for until it is there
    let timer = 0;
    const look = () => {
      const rt = runtime();
      if (rt) setAvailable(typeof rt.search === 'function');
      else timer = window.setTimeout(look, 50);
    };
    look();
    const onKey = (e: globalThis.KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      const typing = target?.closest('input, textarea, select, [contenteditable="true"]') !== null && target !== null;
      if (typeof runtime()?.search !== 'function') return;
      if ((e.key === 'k' || e.key === 'K') && (e.ctrlKey || e.metaKey) && !e.altKey) {
        e.preventDefault();
        setOpen(true);
      } else if (e.key === '/' && !typing && !e.ctrlKey && !e.metaKey && !e.altKey) {
        e.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('keydown', onKey);
    };
  }, []);
  if (!available) return null;
  return (
    <>
      <button ref={button} type="button" className="icon-button search-button" aria-label="Search" aria-keyshortcuts="Control+K Meta+K /" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"><path d={SEARCH_ICON} fill="currentColor" /></svg>
      </button>
      {open ? (
        <SearchDialog
          pathPrefix={pathPrefix}
          onClose={() => {
            setOpen(false);
            button.current?.focus();
          }}
        />
      ) : null}
    </>
  );
}

function SearchDialog({ pathPrefix, onClose }: { pathPrefix: string; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [query, setQuery] = useState('');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [active, setActive] = useState(0);
  const [failed, setFailed] = useState(false);
  const asked = useRef(0);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    // an empty query loads the engine's chunk and the index manifest while the reader types: the first real
    // query then waits only for its shards (offline, or on a failure, the real query says so)
    runtime()?.search('').catch(() => undefined);
    return () => dialog?.close();
  }, []);
  useEffect(() => {
    const rt = runtime();
    const q = query.trim();
    const mine = ++asked.current;
    if (!rt || q === '') return void setAnswer(null);
    const timer = setTimeout(() => {
      rt.search(q).then(
        (a) => {
          if (mine !== asked.current) return;
          setFailed(false);
          setAnswer(a);
          setActive(0);
          // titles first; excerpts and heading links when the pages' HTML is in (without it, the hits stay)
          a.detailed?.then(
            (hits) => mine === asked.current && setAnswer({ ...a, hits }),
            () => undefined,
          );
        },
        () => {
          if (mine !== asked.current) return;
          // the last query's results would read as this one's: a failed query shows only its note
          setFailed(true);
          setAnswer(null);
        },
      );
    }, rt.searchDebounceMs);
    return () => clearTimeout(timer);
  }, [query]);
  const hits = answer?.hits ?? [];
  const go = (hit: Hit) => {
    ref.current?.close();
    void runtime()?.navigate(pathPrefix + hit.href);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && hits.length > 0) {
      e.preventDefault();
      setActive((a) => (a + 1) % hits.length);
    } else if (e.key === 'ArrowUp' && hits.length > 0) {
      e.preventDefault();
      setActive((a) => (a - 1 + hits.length) % hits.length);
    } else if (e.key === 'Escape') {
      // a search input would spend the first Escape clearing itself: it closes the dialog at once
      e.preventDefault();
      ref.current?.close();
    } else if (e.key === 'Enter' && hits[active]) {
      e.preventDefault();
      go(hits[active]!);
    }
  };
  useEffect(() => {
    document.getElementById(`search-hit-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);
  const onClick = (e: MouseEvent<HTMLDialogElement>) => {
    if (e.target === e.currentTarget) ref.current?.close();
  };
  const expanded = hits.length > 0;
  return (
    <dialog ref={ref} className="search-dialog" aria-label="Search the documentation" onClose={onClose} onClick={onClick}>
      <div className="search-field">
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><path d={SEARCH_ICON} fill="currentColor" /></svg>
        <input
          type="search"
          role="combobox"
          aria-label="Search the documentation"
          aria-expanded={expanded}
          aria-controls="search-results"
          aria-autocomplete="list"
          aria-activedescendant={expanded ? `search-hit-${active}` : undefined}
          placeholder="Search"
          autoComplete="off"
          spellCheck={false}
          autoFocus
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="button" className="search-close" onClick={() => ref.current?.close()}>Esc</button>
      </div>
      <div className="search-body" aria-live="polite">
        {failed ? <p className="search-note">Search is not available right now (offline, and this part of the index is not saved yet).</p> : null}
        {answer && !failed && hits.length === 0 ? (
          <div className="search-note">
            <p>No results for “{answer.query}”.</p>
            {answer.suggestions.length > 0 ? (
              <p>
                Try:{' '}
                {answer.suggestions.map((s, i) => (
                  <span key={s}>
                    {i > 0 ? ', ' : ''}
                    <button type="button" className="search-suggestion" onClick={() => setQuery(s)}>{s}</button>
                  </span>
                ))}
              </p>
            ) : null}
          </div>
        ) : null}
        {answer && answer.corrected.length > 0 && hits.length > 0 ? (
          <p className="search-note">Showing results for {answer.corrected.map(([, used]) => `“${used}”`).join(', ')}.</p>
        ) : null}
      </div>
      <ul id="search-results" role="listbox" aria-label="Results" className="search-results" hidden={!expanded}>
        {hits.map((hit, i) => (
          // the link is the option (axe: no link nested in an option); the item only holds it
          <li key={hit.href} role="none" className="search-hit" onMouseMove={() => setActive(i)}>
            <a
              id={`search-hit-${i}`}
              role="option"
              aria-selected={i === active}
              href={pathPrefix + hit.href}
              tabIndex={-1}
              onClick={(e) => {
                e.preventDefault();
                go(hit);
              }}
            >
              <span className="search-hit-title">{hit.title}{hit.heading ? <span className="search-hit-heading"> › {hit.heading}</span> : null}</span>
              {hit.section ? <span className="search-hit-section">{hit.section}</span> : null}
              {hit.excerpt ? <span className="search-hit-excerpt" dangerouslySetInnerHTML={{ __html: hit.excerpt }} /> : null}
            </a>
          </li>
        ))}
      </ul>
    </dialog>
  );
}
