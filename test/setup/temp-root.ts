// Every test run gets one temporary folder of its own, and leaves nothing behind: the suite makes about a
// thousand site copies, and leaving them piled up in /tmp filled this machine's disk and slowed every later run.
// Setting TMPDIR here reaches every test file, every docsgen the tests start, Chromium and the servers.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export default function setup(): () => void {
  const root = mkdtempSync(path.join(os.tmpdir(), 'docsgen-tests-'));
  // open to every user as /tmp is: the servers' workers and the read-only tests run as other users
  chmodSync(root, 0o1777);
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = root;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    // KEEP_TEST_TMP=1 keeps the folder to read a failed test's site afterwards
    if (process.env.KEEP_TEST_TMP) console.log(`test files kept in ${root}`);
    else rmSync(root, { recursive: true, force: true, maxRetries: 3 });
  };
}
