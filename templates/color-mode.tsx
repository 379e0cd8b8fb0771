import { useEffect, useState } from 'react';
import { CalciteSegmentedControl, CalciteSegmentedControlItem } from './calcite';

type Mode = 'auto' | 'light' | 'dark';
const STORAGE_KEY = 'docsgen:color-mode';
const MODES: Mode[] = ['auto', 'light', 'dark'];

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

/** Header control for the component library's color mode: auto, light or dark, remembered per browser. */
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
  return (
    <CalciteSegmentedControl
      className="color-mode"
      label="Color mode"
      scale="s"
      onCalciteSegmentedControlChange={(e) => choose(((e.target as HTMLElement & { value: string }).value as Mode) ?? 'auto')}
    >
      {MODES.map((m) => (
        <CalciteSegmentedControlItem key={m} value={m} checked={mode === m} data-mode={m}>
          {m === 'auto' ? 'Auto' : m === 'light' ? 'Light' : 'Dark'}
        </CalciteSegmentedControlItem>
      ))}
    </CalciteSegmentedControl>
  );
}
