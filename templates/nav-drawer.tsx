import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';

/** Calcite's 24 px "x" icon, inline: the close button draws at once, with no icon request. */
const CLOSE_ICON =
  'M18.01 6.697L12.707 12l5.303 5.303-.707.707L12 12.707 6.697 18.01l-.707-.707L11.293 12 5.99 6.697l.707-.707L12 11.293l5.303-5.303z';

/**
 * The navigation as a sheet from the start edge, below the header's breakpoint. A modal <dialog>: the browser
 * moves focus into it, keeps Tab inside, makes the page behind inert and closes it on Escape. Rendered only
 * while open, so the server HTML carries the navigation once (in the sidebar).
 */
export function NavDrawer({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  const close = () => ref.current?.close();
  const onClick = (e: MouseEvent<HTMLDialogElement>) => {
    // a click on the backdrop lands on the dialog itself; a followed link closes the sheet once it is handled
    if (e.target === e.currentTarget) close();
    else if ((e.target as Element).closest('a[href]')) setTimeout(close, 0);
  };
  return (
    <dialog ref={ref} id="nav-drawer" className="nav-drawer" aria-label="Navigation" onClose={onClose} onClick={onClick}>
      <div className="nav-drawer-head">
        <span className="nav-drawer-title">{title}</span>
        <button type="button" className="icon-button" aria-label="Close navigation" onClick={close}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"><path d={CLOSE_ICON} fill="currentColor" /></svg>
        </button>
      </div>
      <nav className="nav-drawer-body" aria-label="Documentation">{children}</nav>
    </dialog>
  );
}
