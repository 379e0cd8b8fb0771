import { chromium, type Browser } from 'playwright-core';

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
