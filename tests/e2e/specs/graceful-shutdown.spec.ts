// SIGTERM stops `gardenctl serve` cleanly, and it starts again on the same data. This spec runs
// a server of its own (its own data dir and port), so that stopping it leaves the server of the
// other specs alone; the global teardown checks that one stops cleanly too.

import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, expect } from '../fixtures';
import {
  freePort,
  gardenVars,
  runGardenctl,
  startServer,
  stopProcess,
  waitReady,
  type Running,
} from '../support/server';

test.describe('graceful shutdown', () => {
  test.describe.configure({ mode: 'serial' });
  let server: Running | undefined;
  let env: NodeJS.ProcessEnv;
  let apiURL = '';
  let dataDir = '';

  test.beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'garden-e2e-shutdown-'));
    const port = await freePort();
    apiURL = `http://127.0.0.1:${port}`;
    env = { ...process.env, ...gardenVars(dataDir, port, `e2e-${randomBytes(9).toString('base64url')}`) };
    await runGardenctl(env, ['migrate']);
    server = startServer(env);
    await waitReady(apiURL, server);
  });

  test.afterAll(async () => {
    if (server) await stopProcess(server).catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
  });

  test('SIGTERM stops the server cleanly', async () => {
    const { code, signal } = await stopProcess(server!);
    expect(code === 0 || signal === 'SIGTERM', `exit code ${code}, signal ${signal}`).toBeTruthy();
  });

  test('the server starts again on the same data', async () => {
    server = startServer(env);
    await waitReady(apiURL, server);
  });
});
