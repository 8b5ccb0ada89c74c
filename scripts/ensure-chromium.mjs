// Browser tests drive Debian's Chromium. On a fresh machine, install it when we can (root with
// apt, as on our machines and CI); otherwise stop with the exact command to run.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
if (candidates.some((path) => path && existsSync(path))) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (isRoot && hasApt) {
  console.log('Chromium is missing: installing Debian chromium for the browser tests...');
  try {
    execSync(
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium',
      {
        stdio: 'inherit',
      },
    );
    process.exit(0);
  } catch {
    console.log('Installing chromium with apt-get failed.');
  }
}
console.log(
  'The browser tests need Chromium. Install it with `sudo apt-get install -y chromium` ' +
    '(Debian/Ubuntu), or set CHROMIUM_PATH to a Chromium binary, then run `npm test` again.',
);
process.exit(1);
