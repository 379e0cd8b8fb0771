import { useEffect, useState } from 'react';
import { CalciteDropdown, CalciteDropdownGroup, CalciteDropdownItem } from './calcite';

type Mode = 'auto' | 'light' | 'dark';
const STORAGE_KEY = 'docsgen:color-mode';
const MODES: Mode[] = ['auto', 'light', 'dark'];
const NAMES: Record<Mode, string> = { auto: 'Auto', light: 'Light', dark: 'Dark' };
const ICONS: Record<Mode, string> = { auto: 'contrast', light: 'brightness', dark: 'moon' };
/** The same Calcite icons (16 px), inline in the trigger: drawn at once, with no icon request on load. */
const ICON_PATHS: Record<Mode, string> = {
  auto: 'M8 1.2A6.8 6.8 0 1 0 14.8 8 6.807 6.807 0 0 0 8 1.2zM2.2 8A5.806 5.806 0 0 1 8 2.2v11.6A5.806 5.806 0 0 1 2.2 8z',
  light:
    'M12.153 5.554l-.707-.707 2.2-2.2.708.707zm-9.507 8.092l.707.707 2.2-2.2-.706-.707zm8.8-1.493l2.2 2.2.707-.706-2.2-2.2zM5.554 4.847l-2.2-2.2-.707.706 2.2 2.2zM9 1H8v3h1zM8 16h1v-3H8zm8-7V8h-3v1zM1 9h3V8H1zm4-.5A3.5 3.5 0 1 1 8.5 12 3.5 3.5 0 0 1 5 8.5zm1 0A2.5 2.5 0 1 0 8.5 6 2.503 2.503 0 0 0 6 8.5z',
  dark: 'M7.998 14.8A6.798 6.798 0 0 1 6.417 1.39l1.124-.268-.574 1.003a5.791 5.791 0 0 0 6.382 8.51l1.126-.27-.575 1.004a6.827 6.827 0 0 1-5.834 3.43zM5.596 2.723a5.8 5.8 0 0 0-1.657 9.419A5.926 5.926 0 0 0 8.057 13.8a5.818 5.818 0 0 0 4.326-2.012 6.793 6.793 0 0 1-6.787-9.065z',
};

/** Applies a mode as the Calcite class on <body>; `auto` follows the system through calcite.css's media query. */
function applyMode(mode: Mode): void {
  const body = document.body;
  for (const m of MODES) body.classList.toggle(`calcite-mode-${m}`, m === mode);
}

/** Reads the remembered mode; anything unknown (or no storage) means auto. */
export function readStoredMode(): Mode {
  try {
    const v = window.localStorage.getItem(STORAGE_KEY);
    return v === 'light' || v === 'dark' ? v : 'auto';
  } catch {
    return 'auto';
  }
}

/**
 * Header control for the component library's color mode: auto, light or dark, remembered per browser. A
 * Calcite dropdown behind one icon button, so it fits beside the menu button on a 320 px phone; unlike Calcite's
 * segmented control, it never moves focus (and so never scrolls the page) until the reader opens it.
 */
export function ColorModeToggle() {
  // The server renders `auto`; the remembered choice is applied after hydration so the markup matches.
  const [mode, setMode] = useState<Mode>('auto');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const stored = readStoredMode();
    setMode(stored);
    applyMode(stored);
  }, []);
  const choose = (next: Mode) => {
    setMode(next);
    applyMode(next);
    try {
      if (next === 'auto') window.localStorage.removeItem(STORAGE_KEY);
      else window.localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // storage may be disabled; the choice still applies to this page view
    }
  };
  const onSelect = (e: Event) => {
    const item = (e.target as HTMLElement & { selectedItems?: HTMLElement[] }).selectedItems?.[0];
    const next = item?.getAttribute('data-mode');
    if (next === 'auto' || next === 'light' || next === 'dark') choose(next);
  };
  return (
    <CalciteDropdown
      className="color-mode"
      placement="bottom-end"
      overlayPositioning="fixed"
      widthScale="s"
      onCalciteDropdownSelect={onSelect}
      onCalciteDropdownOpen={() => setOpen(true)}
      onCalciteDropdownClose={() => setOpen(false)}
    >
      <button type="button" slot="trigger" className="icon-button color-mode-trigger" aria-label={`Color mode: ${NAMES[mode]}`} aria-haspopup="menu" aria-expanded={open}>
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false"><path d={ICON_PATHS[mode]} fill="currentColor" /></svg>
      </button>
      <CalciteDropdownGroup selectionMode="single" groupTitle="Color mode">
        {MODES.map((m) => (
          <CalciteDropdownItem key={m} data-mode={m} iconStart={ICONS[m]} selected={mode === m}>
            {NAMES[m]}
          </CalciteDropdownItem>
        ))}
      </CalciteDropdownGroup>
    </CalciteDropdown>
  );
}
