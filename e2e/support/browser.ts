import fs from 'node:fs';

/**
 * The browser the journeys drive: Debian's packages, never a downloaded browser. The headless shell
 * (package chromium-headless-shell: the same Chromium build without the browser's window and UI layers)
 * when installed, else Debian's Chromium; CHROMIUM_PATH overrides both. The shell draws the same pages for
 * much less CPU (docs/decisions/080-journeys-cpu.md); it has no notifications, so the journey that asks for
 * the permission (e2e/pwa-push.spec.ts) runs in FULL_CHROMIUM.
 */
export const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const JOURNEY_CHROMIUM =
  process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
