// Browser end-to-end tests on @playwright/test against the real gardenctl binary.
//
//   make test-e2e      (builds the binary and the fixture store, then runs `npm run e2e`)
//   npm run e2e        (after `make build`; GARDENCTL_BIN and FIXTURESTORE_BIN move the binaries)
//
// One global setup starts the binary once for the whole run (global-setup.ts); specs live in
// specs/*.spec.ts and import `test` from fixtures.ts. See README.md in this folder.

import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium';

export default defineConfig({
  testDir: './specs',
  outputDir: './test-results',
  globalSetup: './global-setup.ts',
  // A scenario step waits at most 10 s for any one thing (actionTimeout below); the whole
  // step, with its screenshots at two widths, gets 60 s. The longest steps (six waterings one
  // tap each, a topic typed key by key) take 15 s alone and 30 s beside the other worker's
  // Chromium on a 2-core machine, so 30 s failed them on a busy CI machine while every wait
  // in them still kept its own 10 s.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Spec files run in parallel with each other; the tests of a file run in order.
  fullyParallel: false,
  // Two cores: two workers, each with its own Chromium, beside the server. E2E_WORKERS=1 runs
  // one file after the other.
  workers: Number(process.env.E2E_WORKERS || 2),
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['./counts-reporter.ts']],
  use: {
    viewport: { width: 1280, height: 800 },
    actionTimeout: 10_000,
    navigationTimeout: 10_000,
    trace: 'retain-on-failure',
    // No service worker unless a spec asks for one (`serviceWorkers: 'allow'`: the offline,
    // installable and push scenarios). Each worker installs by fetching the whole build (503
    // files) into its cache: dozens of browser contexts did so beside the scenarios, for pages
    // whose tests are not about it, and a worker that takes control in the middle of a
    // scenario answers its requests from then on (docs/decisions.md, "Service workers in the
    // browser tests").
    serviceWorkers: 'block',
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [
    { name: 'chromium', grepInvert: /@exclusive/ },
    // Specs tagged @exclusive change what every user sees (a whole site in maintenance shows
    // its notice to every superadmin), so they run alone, after the others.
    { name: 'exclusive', grep: /@exclusive/, dependencies: ['chromium'] },
  ],
});
