// The main thread's long tasks of a page load, from a trace `TRACE=1 make bench-web` wrote:
//
//   node tests/load/lighthouse/long-tasks.mjs bin/trace-dashboard.json [MAPS]
//
// Lists each task of the renderer's main thread that Lighthouse's phone would count as blocking
// (over 50 ms at its 4× slower CPU: 12.5 ms observed), when it ran, and what it spent its time
// on: the trace's events by self time (script, style, layout, paint, parsing) and the scripts'
// entry points (timer, promise, network callbacks, evaluated chunks). MAPS, a folder of the
// build's source maps (`npx vite build --config web/vite.config.ts --sourcemap hidden --outDir
// /tmp/dist-maps`: the same files with their maps beside them), turns minified functions into
// source positions.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const [file, maps] = process.argv.slice(2);
if (!file) {
  console.error('usage: long-tasks.mjs TRACE.json [SOURCE_MAPS_DIR]');
  process.exit(2);
}
const raw = JSON.parse(readFileSync(file, 'utf8'));
const events = file.endsWith('.cpuprofile') ? [] : (raw.traceEvents ?? raw);
const SLOWDOWN = 4;
const BLOCKING = 50 / SLOWDOWN;

// The renderer's main thread: the CrRendererMain thread with the most top-level tasks.
const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
const tasksOf = (m) => events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.ph === 'X' && e.name === 'RunTask');
const main = mains.map((m) => ({ m, n: tasksOf(m).length })).sort((a, b) => b.n - a.n)[0]?.m ?? {};
const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && typeof e.dur === 'number');
const nav = events.find((e) => e.name === 'navigationStart' && e.pid === main.pid)?.ts ?? Math.min(...onMain.map((e) => e.ts));

let consumers;
async function sourceMapper() {
  if (!maps) return (url, line, col) => `${path.basename(url)}:${line + 1}:${col + 1}`;
  const { SourceMapConsumer } = await import('source-map-js');
  consumers = new Map();
  for (const f of readdirSync(path.join(maps, 'assets')).filter((f) => f.endsWith('.js.map'))) {
    consumers.set(f.replace(/\.map$/, ''), new SourceMapConsumer(JSON.parse(readFileSync(path.join(maps, 'assets', f), 'utf8'))));
  }
  return (url, line, col) => {
    const c = consumers.get(path.basename(url));
    const at = c?.originalPositionFor({ line: line + 1, column: col });
    if (!at?.source) return `${path.basename(url)}:${line + 1}:${col + 1}`;
    const src = at.source.replace(/^.*node_modules\//, '~').replace(/^(\.\.\/)+/, '');
    return `${at.name ?? '?'} ${src}:${at.line}`;
  };
}

const where = await sourceMapper();
if (file.endsWith('.cpuprofile')) {
  profileTasks(raw);
  process.exit(0);
}
const tasks = onMain.filter((e) => e.name === 'RunTask' && e.dur / 1000 > BLOCKING).sort((a, b) => a.ts - b.ts);
let blocking = 0;
for (const task of tasks) {
  const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur);
  // Self time per event name: an event's time less its children's.
  const self = new Map();
  for (const e of inside) {
    const kids = inside.filter((k) => k !== e && k.ts >= e.ts && k.ts + k.dur <= e.ts + e.dur);
    // Only direct children: those not inside another child.
    const direct = kids.filter((k) => !kids.some((o) => o !== k && o.ts <= k.ts && o.ts + o.dur >= k.ts + k.dur && o.dur > k.dur));
    const t = e.dur - direct.reduce((s, k) => s + k.dur, 0);
    self.set(e.name, (self.get(e.name) ?? 0) + t);
  }
  const entries = inside
    .filter((e) => ['FunctionCall', 'EvaluateScript', 'v8.compile', 'TimerFire', 'FireAnimationFrame', 'EventDispatch', 'XHRReadyStateChange', 'RunMicrotasks', 'v8.callFunction'].includes(e.name))
    .filter((e) => e.dur / 1000 > 2)
    .sort((a, b) => b.dur - a.dur)
    .slice(0, 5)
    .map((e) => {
      const d = e.args?.data ?? {};
      // A trace's positions count from 1, a CPU profile's (and where()'s) from 0.
      const at = d.url ? where(d.url, (d.lineNumber ?? 1) - 1, (d.columnNumber ?? 1) - 1) : d.functionName ?? '';
      return `${e.name} ${(e.dur / 1000).toFixed(1)} ms ${d.functionName ? d.functionName + ' ' : ''}${at}`;
    });
  const ms = task.dur / 1000;
  blocking += Math.max(0, ms * SLOWDOWN - 50);
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${k} ${(v / 1000).toFixed(1)}`).join(', ');
  console.log(`${((task.ts - nav) / 1000).toFixed(0).padStart(6)} ms  ${ms.toFixed(1).padStart(6)} ms (×4: ${(ms * SLOWDOWN).toFixed(0)})  ${top}`);
  for (const e of entries) console.log(`          ${e}`);
}
console.log(`${tasks.length} tasks over ${BLOCKING} ms observed; blocking time at 4× (every task, not only FCP→TTI): ${Math.round(blocking)} ms`);

/**
 * A V8 CPU profile (PROFILE=1 make bench-web: already at a 4× slower CPU): the stretches of
 * samples without an idle one between them, taken as tasks; for each over 50 ms, the functions
 * by self time and the app's own functions (outside node_modules) by total time.
 */
function profileTasks(prof) {
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (n) => {
    const { functionName, url, lineNumber, columnNumber } = n.callFrame;
    if (!url) return functionName || '(native)';
    const w = where(url, lineNumber, columnNumber);
    return w.startsWith('? ') || w.includes(':') ? `${functionName || '(anon)'} → ${w}` : w;
  };
  const idle = new Set(prof.nodes.filter((n) => ['(idle)', '(program)'].includes(n.callFrame.functionName) && !n.callFrame.url).map((n) => n.id));
  let t = prof.startTime;
  const samples = prof.samples.map((id, i) => ({ id, t: (t += prof.timeDeltas[i] ?? 0), dt: (prof.timeDeltas[i + 1] ?? 0) / 1000 }));
  const tasks = [];
  let cur = null;
  for (const s of samples) {
    if (idle.has(s.id)) {
      if (cur && s.dt > 1) cur = null;
      continue;
    }
    if (!cur) tasks.push((cur = { start: s.t, samples: [] }));
    cur.samples.push(s);
  }
  let blocking = 0;
  for (const task of tasks) {
    const ms = task.samples.reduce((a, s) => a + s.dt, 0);
    if (ms <= 50) continue;
    blocking += ms - 50;
    const self = new Map();
    const app = new Map();
    for (const s of task.samples) {
      const n = byId.get(s.id);
      self.set(label(n), (self.get(label(n)) ?? 0) + s.dt);
      const seen = new Set();
      for (let id = s.id; id !== undefined; id = parent.get(id)) {
        const m = byId.get(id);
        if (!m.callFrame.url) continue;
        const l = label(m);
        if (l.includes('~') || seen.has(l)) continue;
        seen.add(l);
        app.set(l, (app.get(l) ?? 0) + s.dt);
      }
    }
    const top = (m, k) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k);
    console.log(`${((task.start - prof.startTime) / 1000).toFixed(0).padStart(6)} ms  ${ms.toFixed(0).padStart(5)} ms (4× CPU)`);
    for (const [k, v] of top(self, 6)) console.log(`      self ${v.toFixed(0).padStart(4)}  ${k}`);
    for (const [k, v] of top(app, 8)) console.log(`      app  ${v.toFixed(0).padStart(4)}  ${k}`);
  }
  console.log(`blocking time of these stretches (over 50 ms each): ${Math.round(blocking)} ms`);
}
