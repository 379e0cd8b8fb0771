import { useEffect, useState, type RefObject } from 'react';

/** How long a button says "Copied" before it offers to copy again. */
const COPIED_MS = 2000;

/**
 * Copies text: the async clipboard where the page is a secure context (HTTPS, localhost, 127.0.0.1), else the
 * old selection command, which plain HTTP elsewhere still allows on a click.
 */
async function copyText(text: string): Promise<boolean> {
  try {
    if (window.isSecureContext && navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // refused (no permission, page not focused): try the selection below
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.setAttribute('aria-hidden', 'true');
  Object.assign(area.style, { position: 'fixed', top: '0', left: '0', opacity: '0', pointerEvents: 'none' });
  const focused = document.activeElement as HTMLElement | null;
  document.body.append(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  focused?.focus({ preventScroll: true });
  return copied;
}

/**
 * Adds a "Copy" button to every code block of the article once it has hydrated, and returns what the article's
 * live region should announce ("Copied"). The buttons exist only where JavaScript runs, so a page read without
 * it shows no button that does nothing. A block without a `figure.code-block` around it (no title or line
 * marks) gets a `div.code-block`, so the button stays in its corner while the code scrolls.
 */
export function useCopyButtons(ref: RefObject<HTMLElement | null>, html: string): string {
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const undo: Array<() => void> = [];
    const timers = new Set<ReturnType<typeof setTimeout>>();
    for (const pre of Array.from(root.querySelectorAll('pre'))) {
      let host = pre.parentElement;
      if (!host?.classList.contains('code-block')) {
        const wrapper = document.createElement('div');
        wrapper.className = 'code-block';
        pre.replaceWith(wrapper);
        wrapper.append(pre);
        host = wrapper;
        undo.push(() => wrapper.replaceWith(pre));
      }
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'copy-button';
      button.textContent = 'Copy';
      button.addEventListener('click', () => {
        // line numbers are drawn by CSS, so the text is the code alone; its last line feed is not part of it
        const text = (pre.querySelector('code') ?? pre).textContent?.replace(/\n$/, '') ?? '';
        void copyText(text).then((copied) => {
          button.textContent = copied ? 'Copied' : 'Copy failed';
          // emptied first, so copying again is announced again
          setAnnouncement('');
          requestAnimationFrame(() => setAnnouncement(copied ? 'Copied' : 'Could not copy'));
          const timer = setTimeout(() => {
            timers.delete(timer);
            button.textContent = 'Copy';
          }, COPIED_MS);
          timers.add(timer);
        });
      });
      pre.before(button);
      undo.push(() => button.remove());
    }
    return () => {
      for (const t of timers) clearTimeout(t);
      for (const u of undo.reverse()) u();
    };
  }, [ref, html]);
  return announcement;
}
