// Global setup of the browser tests: starts the real gardenctl binary ONCE for the whole run,
// on a fresh data dir, with the fixture seed store as its catalogue and a random superadmin
// password, and hands the addresses to the workers through GARDEN_E2E_SERVER (read by the
// `garden` fixture in fixtures.ts). The function it returns is the global teardown: it stops
// the server with SIGTERM and fails the run unless the server exits cleanly.
//
// Environment: GARDENCTL_BIN, FIXTURESTORE_BIN, CHROMIUM_PATH, GARDEN_LOG_LEVEL, and
// E2E_UI=preview to serve the current web/dist with `vite preview` (proxying /api to the
// binary) instead of the app embedded in the binary, handy while working on the web app.

import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM } from './support/chromium';
import { startFakeWeather } from './support/weather';
import {
  BIN,
  E2E_DIR,
  FIXTURESTORE,
  freePort,
  gardenVars,
  runGardenctl,
  startFixtureStore,
  startPreview,
  startServer,
  stopProcess,
  waitReady,
  type Running,
} from './support/server';

/** What the workers learn about the server (JSON in GARDEN_E2E_SERVER). */
export interface GardenServer {
  /** The browser's address: the binary itself, or vite preview in front of it. */
  baseURL: string;
  /** The binary's own address. */
  apiURL: string;
  /** The password of the superadmin `admin`. */
  adminPassword: string;
  /** The fixture seed store's base URL ('' when FIXTURESTORE_BIN is missing). */
  catalogueURL: string;
  /** The fake Open-Meteo server's base URL (GARDEN_WEATHER_URL; POST /__days sets its forecast). */
  weatherURL: string;
  /** GARDEN_* variables that point a gardenctl command at the same data. */
  vars: Record<string, string>;
  /** The server's output. */
  logFile: string;
}

/** Where the server's log goes (kept after the run; printed by the counts reporter on failure). */
export const SERVER_LOG = path.join(E2E_DIR, 'test-results', 'gardenctl-serve.log');

export default async function globalSetup() {
  if (!existsSync(BIN)) {
    throw new Error(
      `gardenctl binary not found at ${BIN}.\n` +
        'Build it first (make build builds the web app and embeds it), or set GARDENCTL_BIN.',
    );
  }
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH).`);
  }
  await mkdir(path.dirname(SERVER_LOG), { recursive: true });
  await mkdir(path.join(E2E_DIR, 'screenshots'), { recursive: true });

  const dataDir = await mkdtemp(path.join(tmpdir(), 'garden-e2e-'));
  const port = await freePort();
  const apiURL = `http://127.0.0.1:${port}`;
  const adminPassword = `e2e-${randomBytes(9).toString('base64url')}`;
  const vars = gardenVars(dataDir, port, adminPassword);
  const running: Running[] = [];
  let server: Running | undefined;
  let weather: Awaited<ReturnType<typeof startFakeWeather>> | undefined;

  const teardown = async () => {
    for (const other of running) await stopProcess(other).catch(() => {});
    await weather?.close().catch(() => {});
    try {
      if (server) {
        const { code, signal } = await stopProcess(server);
        if (code !== 0 && signal !== 'SIGTERM') throw new Error(`final shutdown: exit code ${code}, signal ${signal}`);
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true }).catch(() => {});
    }
  };

  try {
    if (existsSync(FIXTURESTORE)) {
      const { store, url } = await startFixtureStore();
      running.push(store);
      vars.GARDEN_CATALOGUE_URL = url;
    } else {
      console.log(`fixture seed store not found at ${FIXTURESTORE} (go build -o bin/fixturestore ./tests/fixturestore)`);
    }
    weather = await startFakeWeather();
    vars.GARDEN_WEATHER_URL = weather.url;
    const env = { ...process.env, ...vars };
    await runGardenctl(env, ['migrate']);
    server = startServer(env, SERVER_LOG);
    await waitReady(apiURL, server);
    let baseURL = apiURL;
    if (process.env.E2E_UI === 'preview') {
      const previewPort = await freePort();
      const preview = startPreview(apiURL, previewPort);
      running.push(preview);
      baseURL = `http://127.0.0.1:${previewPort}`;
      await waitReady(baseURL, preview);
    }
    const info: GardenServer = {
      baseURL,
      apiURL,
      adminPassword,
      catalogueURL: vars.GARDEN_CATALOGUE_URL ?? '',
      weatherURL: weather.url,
      vars,
      logFile: SERVER_LOG,
    };
    process.env.GARDEN_E2E_SERVER = JSON.stringify(info);
    console.log(`gardenctl serve ready on ${apiURL} (data in ${dataDir}, log in ${path.relative(process.cwd(), SERVER_LOG)})`);
  } catch (error) {
    await teardown().catch(() => {});
    throw error;
  }
  return teardown;
}
