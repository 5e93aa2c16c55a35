// Finds the Chromium that browser tests drive: CHROME_PATH, else Debian's /usr/bin/chromium,
// installing Debian's package when it is missing and this user may (root with apt-get).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/**
 * How every browser test and bench launches Chromium here (STACK.md): as root, so no sandbox; no
 * GPU; on a closed network, so no background fetches, component updates, sync or first-run
 * screens. Headless is left to each launcher: Playwright adds it, chrome-launcher does not.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function findChromium() {
  if (process.env.CHROME_PATH) {
    if (existsSync(process.env.CHROME_PATH)) return process.env.CHROME_PATH;
    throw new Error(`CHROME_PATH is set to ${process.env.CHROME_PATH}, but no file is there.`);
  }
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;

  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    throw new Error(
      'No Chromium found. Install one (on Debian: sudo apt-get install -y chromium) ' +
        'or point CHROME_PATH at a Chromium or Chrome binary.',
    );
  }
  console.log('Chromium is missing: installing Debian\'s "chromium" package...');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (!existsSync(DEBIAN_CHROMIUM))
    throw new Error('apt-get finished but /usr/bin/chromium is absent.');
  return DEBIAN_CHROMIUM;
}
