import { chromium, type Browser, type Page } from 'playwright-core';

/** The flags this machine's closed network needs (no background calls to Google's hosts). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Launches Debian's Chromium; extra args e.g. `--host-resolver-rules=MAP docs.test 127.0.0.1`. */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...extraArgs], headless: true });
}

/**
 * Counts the page's requests in flight and gives a wait that ends once none has been for 150 ms: the icons and
 * translations a Calcite component fetches after it renders have arrived (leaving earlier aborts them).
 */
export function networkSettler(page: Page): () => Promise<void> {
  let inFlight = 0;
  page.on('request', () => inFlight++);
  page.on('requestfinished', () => inFlight--);
  page.on('requestfailed', () => inFlight--);
  return async () => {
    for (let quiet = 0; quiet < 3; ) {
      await page.waitForTimeout(50);
      quiet = inFlight === 0 ? quiet + 1 : 0;
    }
  };
}
