// make bench-web: Lighthouse's mobile audit (its default: a mid-range phone, slow 4G and a
// 4× slower CPU, simulated) of the dashboard and the plant list, signed in as a gardener with
// 15 plants of which 5 are overdue, against the real binary on 127.0.0.1. Each page is audited
// RUNS times; the median run's figures are printed and written to bin/lighthouse.json.
//
// Lighthouse is not a dependency of the project (it is large and only this benchmark uses it):
// the pinned version is installed once per machine into ~/.cache/garden-tools/lighthouse from
// the npm registry (12.2.3: the last that runs on Node 20). Chromium is Debian's.
//
// Each audit starts with an empty HTTP cache and no service worker, as Lighthouse's own storage
// reset would leave them (that reset stays off: it would sign the gardener out).
//
// Environment: GARDENCTL_BIN (bin/gardenctl), CHROMIUM_PATH (/usr/bin/chromium), RUNS (3),
// CACHE=warm (keep the cache and the service worker: a returning visit), PROFILE=1 (a V8 CPU
// profile of each page with the CPU 4× slower instead of Lighthouse; bin/profile-*.cpuprofile),
// THROTTLING=devtools (Lighthouse slows the network and the CPU for real and reports what it
// observes, instead of simulating a phone from a fast local load: a page that paints before its
// scripts arrive shows it only this way, since on 127.0.0.1 every script arrives at once),
// TRACE=1 (also write the median run's Chromium trace to bin/trace-<page>.json: its main-thread
// tasks, which tests/load/lighthouse/long-tasks.mjs lists with the code behind each).

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
const WARM = process.env.CACHE === 'warm';
const PROFILE = process.env.PROFILE === '1';
const TRACE = process.env.TRACE === '1';
const THROTTLING = process.env.THROTTLING === 'devtools' ? 'devtools' : 'simulate';
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

const groupTime = (audit, group) => audit.details.items.find((i) => i.group === group)?.duration ?? 0;
const transfer = (audit, type) => audit.details.items.find((i) => i.resourceType === type)?.transferSize ?? 0;

/**
 * PROFILE=1: instead of Lighthouse, one load of each page with the CPU 4× slower (as Chrome's
 * DevTools throttle it) under V8's sampling profiler; prints where the main thread's script
 * time went (self time by script and by function) and writes bin/profile-<page>.cpuprofile
 * (open it in DevTools' Performance panel).
 */
async function cpuProfile(browser, cdp, coldStart, base, target) {
  await coldStart();
  const page = await browser.contexts()[0].newPage();
  const session = await browser.contexts()[0].newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 200 });
  await session.send('Profiler.start');
  await page.goto(`${base}${target.path}`);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(2000);
  const { profile: prof } = await session.send('Profiler.stop');
  await page.close();
  mkdirSync('bin', { recursive: true });
  writeFileSync(`bin/profile-${target.name.replace(/\W+/g, '-')}.cpuprofile`, JSON.stringify(prof));
  const self = new Map();
  const byUrl = new Map();
  const dt = new Map();
  prof.samples.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0) / 1000));
  for (const node of prof.nodes) {
    const t = dt.get(node.id) ?? 0;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const file = url.replace(/^.*\//, '') || '(native)';
    const key = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}:${columnNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + t);
    byUrl.set(file, (byUrl.get(file) ?? 0) + t);
  }
  const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
  console.log(`\n${target.name}: self time by script (ms, CPU 4× slower)`);
  for (const [k, v] of top(byUrl, 12)) console.log(`${v.toFixed(0).padStart(7)}  ${k}`);
  console.log(`${target.name}: self time by function`);
  for (const [k, v] of top(self, 30)) console.log(`${v.toFixed(0).padStart(7)}  ${k}`);
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
    // The gardener has opened both pages before on this phone (the dashboard is where signing in
    // lands): the boot shell paints a page's heading as the app last drew it there.
    for (const target of PAGES) {
      await page.goto(`${base}${target.path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    }
    // A first visit, as Lighthouse's own storage reset makes it, but for the session kept in
    // localStorage: no HTTP cache, no service worker and its cache (CACHE=warm keeps them: a
    // gardener's next visit).
    // The helper page stays open for that, on a static file of the origin (not the app, whose
    // timers would run beside the audits).
    await page.goto(`${base}/favicon.svg`);
    const cdp = await browser.contexts()[0].newCDPSession(page);
    const coldStart = async () => {
      if (WARM) return;
      // The previous audit's page registers the service worker when it is idle, whose install
      // may still be caching the build: unregister it and empty its caches from the page, then
      // clear what is left.
      await page.evaluate(async () => {
        for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister();
        for (const k of await caches.keys()) await caches.delete(k);
      });
      await cdp.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'service_workers,cache_storage' });
      await cdp.send('Network.clearBrowserCache');
    };
    if (PROFILE) {
      for (const target of PAGES) await cpuProfile(browser, cdp, coldStart, base, target);
      return;
    }

    const results = [];
    for (const target of PAGES) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        await coldStart();
        const r = await lighthouse(`${base}${target.path}`, { port: debugPort, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true, throttlingMethod: THROTTLING });
        const a = r.lhr.audits;
        if (r.lhr.finalDisplayedUrl.includes('/auth')) throw new Error(`${target.path} went to the sign-in page: not signed in`);
        runs.push({
          score: Math.round(r.lhr.categories.performance.score * 100),
          fcp: a['first-contentful-paint'].numericValue,
          lcp: a['largest-contentful-paint'].numericValue,
          tbt: a['total-blocking-time'].numericValue,
          cls: a['cumulative-layout-shift'].numericValue,
          si: a['speed-index'].numericValue,
          // Steadier than the timings on a shared machine: the main thread's work as observed
          // (before Lighthouse's 4× CPU multiplier), the script time in it, and the bytes of JS.
          mainThread: a['mainthread-work-breakdown'].numericValue,
          scriptEval: groupTime(a['mainthread-work-breakdown'], 'scriptEvaluation'),
          scriptParse: groupTime(a['mainthread-work-breakdown'], 'scriptParseCompile'),
          bootup: a['bootup-time'].numericValue,
          jsBytes: transfer(a['resource-summary'], 'script'),
          totalBytes: transfer(a['resource-summary'], 'total'),
          requests: a['network-requests'].details.items.length,
          longTasks: a['long-tasks']?.details?.items?.length ?? 0,
          lhr: r.lhr,
          trace: TRACE ? r.artifacts.Trace : undefined,
        });
      }
      const mid = runs.find((r) => r.score === median(runs.map((x) => x.score)));
      // The median run's whole report, for its trace-derived audits (bootup-time, long tasks,
      // the critical request chains): bin/lighthouse-<page>.json.
      mkdirSync('bin', { recursive: true });
      writeFileSync(`bin/lighthouse-${target.name.replace(/\W+/g, '-')}.json`, JSON.stringify(mid.lhr));
      if (TRACE) writeFileSync(`bin/trace-${target.name.replace(/\W+/g, '-')}.json`, JSON.stringify(mid.trace));
      for (const r of runs) {
        delete r.lhr;
        delete r.trace;
      }
      results.push({ page: target.name, path: target.path, runs, median: mid });
    }
    console.log(`\nLighthouse ${LIGHTHOUSE}, mobile (${THROTTLING === 'devtools' ? 'slow 4G and 4× CPU applied by DevTools' : 'simulated slow 4G, 4× CPU'}), ${WARM ? 'warm cache' : 'empty cache'}, median of ${RUNS} runs; load average ${os.loadavg()[0].toFixed(1)}`);
    console.log('| page | performance | FCP | LCP | TBT | CLS | Speed Index | scores of the runs |');
    console.log('|---|--:|--:|--:|--:|--:|--:|---|');
    for (const r of results) {
      const m = r.median;
      console.log(`| ${r.page} (\`${r.path}\`) | **${m.score}** | ${(m.fcp / 1000).toFixed(2)} s | ${(m.lcp / 1000).toFixed(2)} s | ${Math.round(m.tbt)} ms | ${m.cls.toFixed(3)} | ${(m.si / 1000).toFixed(2)} s | ${r.runs.map((x) => x.score).join(', ')} |`);
    }
    console.log('\nThe main thread as Lighthouse reports it (the time observed on this machine × 4), and the bytes, median run:');
    console.log('| page | main thread | script evaluation | script parse | bootup (JS) | long tasks | JS transferred | all transferred | requests |');
    console.log('|---|--:|--:|--:|--:|--:|--:|--:|--:|');
    for (const r of results) {
      const m = r.median;
      const ms = (x) => `${Math.round(x)} ms`;
      const kb = (x) => `${(x / 1000).toFixed(1)} kB`;
      console.log(`| ${r.page} | ${ms(m.mainThread)} | ${ms(m.scriptEval)} | ${ms(m.scriptParse)} | ${ms(m.bootup)} | ${m.longTasks} | ${kb(m.jsBytes)} | ${kb(m.totalBytes)} | ${m.requests} |`);
    }
    await page.close();
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
