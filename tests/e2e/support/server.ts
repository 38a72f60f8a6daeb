// The real programs the browser tests run against: the gardenctl binary (built by `make build`
// with the web app embedded), the fixture seed store and, with E2E_UI=preview, vite preview.
// Used by the global setup (one server for the whole run) and by the graceful-shutdown spec
// (a server of its own that it stops and starts again).

import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/** tests/e2e. */
export const E2E_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The repository root. */
export const REPO = path.resolve(E2E_DIR, '..', '..');
/** The gardenctl binary; GARDENCTL_BIN moves it (the Makefile passes its own). */
export const BIN = path.resolve(REPO, process.env.GARDENCTL_BIN || './bin/gardenctl');
/** The seed store the import reads (source in tests/fixturestore); FIXTURESTORE_BIN moves it. */
export const FIXTURESTORE = path.resolve(REPO, process.env.FIXTURESTORE_BIN || './bin/fixturestore');

const run = promisify(execFile);

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Runs `gardenctl <args>` with env (GARDEN_DATA_DIR and friends) and returns its output. */
export async function runGardenctl(env: NodeJS.ProcessEnv, args: string[]): Promise<string> {
  try {
    const { stdout } = await run(BIN, args, { env, timeout: 30_000 });
    return stdout;
  } catch (error) {
    const e = error as { stderr?: string; message: string };
    throw new Error(`gardenctl ${args.join(' ')} failed: ${e.stderr || e.message}`);
  }
}

/** A child process whose output is kept (the last lines, and a log file when given). */
export interface Running {
  child: ChildProcess;
  output: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function watch(child: ChildProcess, logFile?: string): Running {
  const output: string[] = [];
  let log: WriteStream | undefined;
  if (logFile) log = createWriteStream(logFile, { flags: 'a' });
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 400) output.shift();
    log?.write(chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => {
      log?.end();
      resolve({ code, signal });
    }),
  );
  return { child, output, exited };
}

/** Starts `gardenctl serve` with env; logFile receives its output. */
export function startServer(env: NodeJS.ProcessEnv, logFile?: string): Running {
  return watch(spawn(BIN, ['serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] }), logFile);
}

/** Starts vite preview of web/dist on port, proxying /api to apiURL (E2E_UI=preview). */
export function startPreview(apiURL: string, port: number): Running {
  const vite = path.join(REPO, 'node_modules', '.bin', 'vite');
  return watch(
    spawn(vite, ['preview', '--config', 'web/vite.config.ts', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
      cwd: REPO,
      env: { ...process.env, GARDEN_API_URL: apiURL },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
}

/** Starts the fixture seed store; it prints its base URL on its first line of output. */
export async function startFixtureStore(timeoutMs = 10_000): Promise<{ store: Running; url: string }> {
  const child = spawn(FIXTURESTORE, [], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
  const errors: string[] = [];
  child.stderr?.on('data', (c: Buffer) => errors.push(c.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(() => reject(new Error(`fixture store printed no URL within ${timeoutMs} ms`)), timeoutMs);
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const line = buffered.split('\n')[0].trim();
      if (buffered.includes('\n') && /^https?:\/\//.test(line)) {
        clearTimeout(timer);
        resolve(line);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`fixture store exited (code ${code}): ${errors.join('')}`));
    });
  });
  return { store: watch(child), url };
}

/** Waits until baseURL/readyz answers 200, failing early when the process exits. */
export async function waitReady(baseURL: string, server: Running, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`${baseURL} exited early:\n${server.output.join('')}`);
    try {
      const response = await fetch(`${baseURL}/readyz`);
      if (response.status === 200) return;
      last = `status ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server not ready after ${timeoutMs} ms (${last})`);
}

/** Sends SIGTERM and waits for the exit; SIGKILL and an error after timeoutMs. */
export async function stopProcess(server: Running, timeoutMs = 15_000) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.exited;
  server.child.kill('SIGTERM');
  const timer = new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs));
  const result = await Promise.race([server.exited, timer]);
  if (result === null) {
    server.child.kill('SIGKILL');
    throw new Error(`process did not exit within ${timeoutMs} ms of SIGTERM`);
  }
  return result;
}

/** The variables of a gardenctl with its own data dir, address and superadmin password. */
export function gardenVars(dataDir: string, port: number, adminPassword: string): Record<string, string> {
  return {
    GARDEN_DATA_DIR: dataDir,
    GARDEN_ADDR: `127.0.0.1:${port}`,
    GARDEN_ADMIN_PASSWORD: adminPassword,
    GARDEN_LOG_LEVEL: process.env.GARDEN_LOG_LEVEL || 'warn',
  };
}
