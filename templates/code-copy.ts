import { defineIsland } from 'docsgen/runtime';

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
 * The code blocks' "Copy" buttons, an island (templates/README.md): the article body's HTML stays the server's;
 * once the page is interactive every `pre` gets a button, and the live region after the body (`data-copy-status`)
 * says "Copied" to screen readers. The buttons exist only where JavaScript runs, so a page read without it shows
 * no button that does nothing. A block without a `figure.code-block` around it (no title or line marks) gets a
 * `div.code-block`, so the button stays in its corner while the code scrolls.
 */
export const codeCopy = defineIsland('code-copy', (root, _props, signal) => {
  const status = root.nextElementSibling?.hasAttribute('data-copy-status') ? root.nextElementSibling : null;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  signal.addEventListener('abort', () => timers.forEach((t) => clearTimeout(t)));
  for (const pre of Array.from(root.querySelectorAll('pre'))) {
    let host = pre.parentElement;
    if (!host?.classList.contains('code-block')) {
      const wrapper = document.createElement('div');
      wrapper.className = 'code-block';
      pre.replaceWith(wrapper);
      wrapper.append(pre);
      host = wrapper;
    }
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'copy-button';
    button.textContent = 'Copy';
    button.addEventListener('click', () => {
      // line numbers are drawn by CSS, so the text is the code alone; its last line feed is not part of it
      const text = (pre.querySelector('code') ?? pre).textContent?.replace(/\n$/, '') ?? '';
      void copyText(text).then((copied) => {
        if (signal.aborted) return;
        button.textContent = copied ? 'Copied' : 'Copy failed';
        // emptied first, so copying again is announced again
        if (status) {
          status.textContent = '';
          requestAnimationFrame(() => (status.textContent = copied ? 'Copied' : 'Could not copy'));
        }
        const timer = setTimeout(() => {
          timers.delete(timer);
          button.textContent = 'Copy';
        }, COPIED_MS);
        timers.add(timer);
      });
    }, { signal });
    pre.before(button);
  }
});
