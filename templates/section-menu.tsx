import { useLayoutEffect, useRef, useState } from 'react';
import { CALCITE_DEBOUNCE, debounce } from 'docsgen/runtime';
import { CalciteDropdown, CalciteDropdownGroup, CalciteDropdownItem, CalciteMenu, CalciteMenuItem } from './calcite';
import type { Crumb } from './types';

/** Width the "More" trigger is assumed to take before it was ever drawn (px). */
const MORE_GUESS = 100;
/** Room left free between the sections and the header's tools (px). */
const SLACK = 16;
/** Calcite's 16 px "chevron-down" icon, inline: no icon request for the trigger. */
const CHEVRON_DOWN = 'M8 11.207l-4-4V5.793l4 4 4-4v1.414z';

/**
 * What the last measure found, kept for the pages client-side navigation renders next, so their header starts
 * fitted: each section's width (measured whenever it was in the row), the "More" trigger's, how many fit.
 */
const measured = { widths: [] as number[], more: 0, shown: -1 };

/**
 * How many sections fit in `room` pixels, given each one's width: all of them, or as many as fit beside the
 * "More" trigger, which takes the rest.
 */
export function countFitting(widths: number[], room: number, moreWidth: number): number {
  const total = widths.reduce((a, b) => a + b, 0);
  if (total <= room) return widths.length;
  let used = moreWidth;
  let n = 0;
  while (n < widths.length && used + widths[n]! <= room) used += widths[n++]!;
  return n;
}

/**
 * The header's sections: as many as fit in a row, the others in a "More" dropdown. Server and hydration render
 * every section in the row, hidden (see styles.css) until the first measure has chosen how many fit; a
 * ResizeObserver measures again whenever the header or an item changes size: the first time in the next frame
 * (before the header shows), later once resizing has paused for the component library's resize debounce. Below the header's breakpoint the
 * menu is not displayed at all: the menu button opens the sections in the navigation drawer instead.
 */
export function SectionMenu({ sections, current }: { sections: Crumb[]; current: string }) {
  // every section in the row at hydration (as on the server); a page rendered later starts as the last one ended
  const [shown, setShown] = useState(measured.shown >= 0 ? Math.min(measured.shown, sections.length) : sections.length);
  const [fitted, setFitted] = useState(measured.shown >= 0);
  const [open, setOpen] = useState(false);
  const menuRef = useRef<HTMLCalciteMenuElement>(null);
  const moreRef = useRef<HTMLCalciteDropdownElement>(null);

  useLayoutEffect(() => {
    const menu = menuRef.current;
    const nav = menu?.parentElement;
    if (!menu || !nav) return;
    let frame = 0;
    let first = true;
    const measure = () => {
      frame = 0;
      if (getComputedStyle(menu).display === 'none') return;
      const items = [...menu.children].filter((el) => el.localName === 'calcite-menu-item');
      items.forEach((el, i) => {
        const w = el.getBoundingClientRect().width;
        if (w > 0) measured.widths[i] = w;
      });
      const more = moreRef.current?.getBoundingClientRect().width ?? 0;
      if (more > 0) measured.more = more;
      const widths = measured.widths.slice(0, sections.length);
      if (widths.filter((w) => w > 0).length < sections.length) return;
      let taken = 0;
      for (const child of nav.children) {
        if (child !== menu && child !== moreRef.current) taken += child.getBoundingClientRect().width;
      }
      const room = nav.clientWidth - taken - SLACK;
      first = false;
      measured.shown = countFitting(widths, room, measured.more || MORE_GUESS);
      setShown(measured.shown);
      setFitted(true);
    };
    const later = debounce(measure, CALCITE_DEBOUNCE.resize);
    const schedule = () => {
      if (!first) later();
      else if (!frame) frame = requestAnimationFrame(measure);
    };
    const observer = new ResizeObserver(schedule);
    observer.observe(nav);
    observer.observe(menu);
    for (const child of nav.children) observer.observe(child);
    const mutations = new MutationObserver(() => {
      for (const child of [...nav.children, ...menu.children]) observer.observe(child);
      schedule();
    });
    mutations.observe(nav, { childList: true });
    mutations.observe(menu, { childList: true });
    for (const child of menu.children) observer.observe(child);
    return () => {
      observer.disconnect();
      mutations.disconnect();
      later.cancel();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [sections.length]);

  const overflow = sections.slice(shown);
  return (
    <>
      <CalciteMenu ref={menuRef} slot="content-start" label="Sections" className={fitted ? 'section-menu is-fitted' : 'section-menu'}>
        {sections.slice(0, shown).map((s) => (
          <CalciteMenuItem key={s.url} text={s.title} label={s.title} href={s.url} active={s.url === current || undefined} />
        ))}
      </CalciteMenu>
      {overflow.length > 0 ? (
        <CalciteDropdown
          ref={moreRef}
          slot="content-start"
          className="more-menu"
          placement="bottom-end"
          overlayPositioning="fixed"
          widthScale="l"
          onCalciteDropdownOpen={() => setOpen(true)}
          onCalciteDropdownClose={() => setOpen(false)}
        >
          <button
            type="button"
            slot="trigger"
            className={overflow.some((s) => s.url === current) ? 'more-button is-current' : 'more-button'}
            aria-haspopup="menu"
            aria-expanded={open}
          >
            More
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false"><path d={CHEVRON_DOWN} fill="currentColor" /></svg>
          </button>
          <CalciteDropdownGroup selectionMode="none" groupTitle="More sections">
            {overflow.map((s) => (
              <CalciteDropdownItem key={s.url} href={s.url} label={s.title} className={s.url === current ? 'is-current' : undefined}>
                {s.title}
              </CalciteDropdownItem>
            ))}
          </CalciteDropdownGroup>
        </CalciteDropdown>
      ) : null}
    </>
  );
}
