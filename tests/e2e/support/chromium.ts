// How the browser tests launch Chromium: Debian's package (never a downloaded browser), with
// the switches that keep it quiet and offline in a container. Used by playwright.config.ts and
// by specs that need a second browser with other switches.

import type { LaunchOptions } from '@playwright/test';

/** Debian's Chromium (apt-get install -y chromium); CHROMIUM_PATH moves it. */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** E2E_HEADFUL=1 shows the browser windows. */
export const HEADFUL = Boolean(process.env.E2E_HEADFUL);

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Launch options for Chromium. By default the Notification and Push APIs are switched off:
 * the app's notification prompt would otherwise cover the pages of every scenario. The
 * notifications spec launches a second browser with `{ notifications: true }` for the prompt.
 */
export function chromiumLaunchOptions({ notifications = false } = {}): LaunchOptions {
  const args = notifications ? ARGS : [...ARGS, '--disable-notifications'];
  return {
    executablePath: CHROMIUM,
    headless: !HEADFUL,
    args: args.filter((arg) => !(HEADFUL && arg === '--headless')),
  };
}
