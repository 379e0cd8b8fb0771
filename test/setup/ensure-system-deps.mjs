// Makes sure Debian's nginx, Apache, Caddy and chromium are present for the tests that need them.
// Installs them with apt-get when missing and we are root; under CI=true a missing one fails loudly.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const needed = [
  { pkg: 'nginx', bin: '/usr/sbin/nginx' },
  { pkg: 'chromium', bin: '/usr/bin/chromium' },
  { pkg: 'apache2', bin: '/usr/sbin/apache2' },
  { pkg: 'caddy', bin: '/usr/bin/caddy' },
];
const missing = needed.filter((n) => !existsSync(n.bin));
if (missing.length > 0) {
  const names = missing.map((m) => m.pkg);
  const isRoot = process.getuid?.() === 0;
  if (isRoot) {
    console.log(`installing ${names.join(', ')} with apt-get (needed by the server and browser tests)`);
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
      execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...names], {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    } catch (err) {
      console.error(`apt-get failed: ${err.message}`);
    }
  }
  const still = needed.filter((n) => !existsSync(n.bin));
  if (still.length > 0) {
    const msg = `missing system packages: ${still.map((m) => m.pkg).join(', ')} (apt-get install ${still.map((m) => m.pkg).join(' ')})`;
    if (process.env.CI === 'true') {
      console.error(msg);
      process.exit(1);
    }
    console.warn(`${msg}; the tests that need them will fail`);
  }
}
