import { useEffect, useState } from 'react';
import { CalciteAction, CalciteDropdown, CalciteDropdownGroup, CalciteDropdownItem } from './calcite';

type Mode = 'auto' | 'light' | 'dark';
const STORAGE_KEY = 'docsgen:color-mode';
const MODES: Mode[] = ['auto', 'light', 'dark'];
const NAMES: Record<Mode, string> = { auto: 'Auto', light: 'Light', dark: 'Dark' };
const ICONS: Record<Mode, string> = { auto: 'contrast', light: 'brightness', dark: 'moon' };

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
 * dropdown behind one icon button, so it fits beside the menu button on a 320 px phone; unlike Calcite's
 * segmented control, it never moves focus (and so never scrolls the page) until the reader opens it.
 */
export function ColorModeToggle() {
  // The server renders `auto`; the remembered choice is applied after hydration so the markup matches.
  const [mode, setMode] = useState<Mode>('auto');
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
    <CalciteDropdown className="color-mode" placement="bottom-end" overlayPositioning="fixed" widthScale="s" onCalciteDropdownSelect={onSelect}>
      <CalciteAction slot="trigger" className="color-mode-trigger" icon={ICONS[mode]} text={`Color mode: ${NAMES[mode]}`} />
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
