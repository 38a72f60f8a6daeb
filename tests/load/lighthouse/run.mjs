// make bench-web: Lighthouse's mobile audit (its default: a mid-range phone, slow 4G and a
// 4× slower CPU, simulated) of the dashboard and the plant list, signed in as a gardener with
// 15 plants of which 5 are overdue, against the real binary on 127.0.0.1. Each page is audited
// RUNS times; the median run's figures are printed and written to bin/lighthouse.json.
//
// Lighthouse is not a dependency of the project (it is large and only this benchmark uses it):
// the pinned version is installed once per machine into ~/.cache/garden-tools/lighthouse from
// the npm registry (12.2.3: the last that runs on Node 20). Chromium is Debian's.
//
// Environment: GARDENCTL_BIN (bin/gardenctl), CHROMIUM_PATH (/usr/bin/chromium), RUNS (3).

import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';

const LIGHTHOUSE = '12.2.3';
const BIN = path.resolve(process.env.GARDENCTL_BIN || 'bin/gardenctl');
const CHROME = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const RUNS = Number(process.env.RUNS || 3);
const PAGES = [
  { name: 'dashboard', path: '/' },
  { name: 'plant list', path: '/plants' },
];

function toolDir() {
  const dir = path.join(process.env.GARDEN_TOOLS_DIR || path.join(os.homedir(), '.cache', 'garden-tools'), `lighthouse-${LIGHTHOUSE}`);
  if (!existsSync(path.join(dir, 'node_modules', 'lighthouse'))) {
    mkdirSync(dir, { recursive: true });
    console.log(`installing lighthouse@${LIGHTHOUSE} into ${dir}`);
    execFileSync('npm', ['install', '--prefix', dir, '--no-audit', '--no-fund', '--save-exact', `lighthouse@${LIGHTHOUSE}`], { stdio: 'inherit' });
  }
  return dir;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitFor(url, tries = 200) {
  for (let i = 0; i < tries; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} did not answer`);
}

async function api(base, method, url, token, body) {
  const res = await fetch(base + url, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

function day(offset) {
  const d = new Date(Date.now() + offset * 86_400_000);
  return d.toISOString().slice(0, 10);
}

/** A gardener with 15 plants: 5 overdue for water, the rest watered on time. */
async function seed(base, env) {
  execFileSync(BIN, ['users', 'create', '--username', 'rosa', '--password', 'lighthouse-rosa'], { env });
  const { token, user } = await api(base, 'POST', '/api/login', '', { username: 'rosa', password: 'lighthouse-rosa' });
  const names = ['Basil', 'Mint', 'Rosemary', 'Thyme', 'Sage', 'Monstera', 'Pothos', 'Fern', 'Aloe', 'Snake plant', 'Tomato', 'Pepper', 'Lettuce', 'Orchid', 'Lavender'];
  for (const [i, name] of names.entries()) {
    await api(base, 'POST', '/api/plants', token, {
      name,
      plantType: i < 10 ? 'Houseplants' : 'Vegetables',
      location: i % 2 ? 'Kitchen window' : 'Living room',
      waterFrequency: 3,
      fertilizerFrequency: 30,
      lastWatered: i < 5 ? day(-8) : day(-1),
      lastFertilized: day(-10),
    });
  }
  return { token, user };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const dir = toolDir();
  const { default: lighthouse } = await import(pathToFileURL(path.join(dir, 'node_modules', 'lighthouse', 'core', 'index.js')).href);
  const data = mkdtempSync(path.join(os.tmpdir(), 'garden-lighthouse-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { ...process.env, GARDEN_DATA_DIR: data, GARDEN_ADDR: `127.0.0.1:${port}`, GARDEN_ADMIN_PASSWORD: 'lighthouse-admin', GARDEN_LOG_LEVEL: 'warn', GARDEN_WEATHER: 'off' };
  execFileSync(BIN, ['migrate'], { env });
  const server = spawn(BIN, ['serve'], { env, stdio: 'ignore' });
  const debugPort = await freePort();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'garden-lighthouse-chrome-'));
  const chrome = spawn(CHROME, ['--headless=new', '--no-sandbox', '--disable-gpu', `--remote-debugging-port=${debugPort}`, `--user-data-dir=${profile}`, 'about:blank'], { stdio: 'ignore' });
  try {
    await waitFor(`${base}/readyz`);
    const { token, user } = await seed(base, env);
    await waitFor(`http://127.0.0.1:${debugPort}/json/version`);
    // Sign in as the web app does (its token and user in localStorage), in the browser Lighthouse
    // drives; disableStorageReset keeps them for the audits.
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debugPort}`);
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${base}/auth`);
    await page.evaluate(([t, u]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('user', u);
    }, [token, JSON.stringify(user)]);
    await page.goto(`${base}/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.close();

    const results = [];
    for (const target of PAGES) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const r = await lighthouse(`${base}${target.path}`, { port: debugPort, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true });
        const a = r.lhr.audits;
        if (r.lhr.finalDisplayedUrl.includes('/auth')) throw new Error(`${target.path} went to the sign-in page: not signed in`);
        runs.push({
          score: Math.round(r.lhr.categories.performance.score * 100),
          fcp: a['first-contentful-paint'].numericValue,
          lcp: a['largest-contentful-paint'].numericValue,
          tbt: a['total-blocking-time'].numericValue,
          cls: a['cumulative-layout-shift'].numericValue,
          si: a['speed-index'].numericValue,
        });
      }
      const mid = runs.find((r) => r.score === median(runs.map((x) => x.score)));
      results.push({ page: target.name, path: target.path, runs, median: mid });
    }
    console.log(`\nLighthouse ${LIGHTHOUSE}, mobile (simulated slow 4G, 4× CPU), median of ${RUNS} runs; load average ${os.loadavg()[0].toFixed(1)}`);
    console.log('| page | performance | FCP | LCP | TBT | CLS | Speed Index | scores of the runs |');
    console.log('|---|--:|--:|--:|--:|--:|--:|---|');
    for (const r of results) {
      const m = r.median;
      console.log(`| ${r.page} (\`${r.path}\`) | **${m.score}** | ${(m.fcp / 1000).toFixed(2)} s | ${(m.lcp / 1000).toFixed(2)} s | ${Math.round(m.tbt)} ms | ${m.cls.toFixed(3)} | ${(m.si / 1000).toFixed(2)} s | ${r.runs.map((x) => x.score).join(', ')} |`);
    }
    mkdirSync('bin', { recursive: true });
    writeFileSync('bin/lighthouse.json', JSON.stringify(results, null, 2));
    await browser.close().catch(() => {});
  } finally {
    chrome.kill('SIGKILL');
    server.kill('SIGTERM');
    // Both write into their folders until they are gone.
    await new Promise((r) => setTimeout(r, 1000));
    for (const dir of [profile, data]) rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
