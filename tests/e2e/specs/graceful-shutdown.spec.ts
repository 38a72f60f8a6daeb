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
  // Written before the stop, read after the start: the restart must keep what was answered 2xx.
  let token = '';
  let plantId = 0;

  const api = async (method: string, route: string, body?: unknown) => {
    const response = await fetch(`${apiURL}${route}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, unknown> | null };
  };

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

  test('a gardener writes a plant before the stop', async () => {
    await runGardenctl(env, ['users', 'create', '--username', 'restarter', '--password', 'secret-pass-31', '--role', 'user']);
    const login = await api('POST', '/api/login', { username: 'restarter', password: 'secret-pass-31' });
    expect(login.status).toBe(200);
    token = String(login.body?.token);
    const created = await api('POST', '/api/plants', {
      name: 'Survivor Fern', species: 'Nephrolepis exaltata', plantType: 'Flowers', imageUrl: '', lightNeeds: 'Partial Shade',
      waterFrequency: 4, fertilizerFrequency: 30, notes: 'written before SIGTERM',
    });
    expect(created.status).toBe(201);
    plantId = Number(created.body?.id);
    expect(plantId).toBeGreaterThan(0);
  });

  test('SIGTERM stops the server cleanly', async () => {
    const { code, signal } = await stopProcess(server!);
    expect(code === 0 || signal === 'SIGTERM', `exit code ${code}, signal ${signal}`).toBeTruthy();
  });

  test('the server starts again on the same data', async () => {
    server = startServer(env);
    await waitReady(apiURL, server);
    // The session and the plant written before the stop are both still there.
    const read = await api('GET', `/api/plants/${plantId}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: plantId, name: 'Survivor Fern', waterFrequency: 4, notes: 'written before SIGTERM' });
    const list = await api('GET', '/api/plants');
    expect(JSON.stringify(list.body)).toContain('Survivor Fern');
  });
});
