// Bundle budget: the JavaScript and CSS a browser must fetch to show the dashboard on a first
// visit (the entry chunk, everything it imports statically, the dashboard route's chunk and its
// static imports, and their CSS), gzipped. Issue #14 asks for at most 150 kB; React DOM and
// React Router alone are about 90 kB of it, and the app stands at 148.3 kB (docs/performance.md).
// `make test` fails when the total passes CEILING, so the first load cannot grow back
// unnoticed past the budget. Reads Vite's manifest of the last `npm run build`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const TARGET = 150_000; // bytes of JS + CSS after gzip: issue #14's budget
const CEILING = TARGET; // make test fails past the budget itself
const FIRST_ROUTE = 'src/features/dashboard/pages/dashboard-page.tsx';
// The first paint waits for the gardener's catalogue (main.tsx): a lazy chunk, but on the first
// load's path, so English's counts here (the other languages' are within 1 kB of it).
const FIRST_CATALOGUE = 'src/locales/en.json';

const dist = process.env.BUNDLE_DIST || new URL('../dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

const files = new Set();
const seen = new Set();
function visit(key) {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`bundle-budget: ${key} is not in the manifest`);
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const dep of chunk.imports ?? []) visit(dep);
}
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
visit(entry);
visit(FIRST_ROUTE);
visit(FIRST_CATALOGUE);

let total = 0;
const rows = [];
for (const file of files) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  rows.push([size, file]);
}
rows.sort((a, b) => b[0] - a[0]);
for (const [size, file] of rows) console.log(`${(size / 1000).toFixed(1).padStart(7)} kB  ${file}`);
console.log(
  `first load of the dashboard: ${(total / 1000).toFixed(1)} kB of JS + CSS gzipped ` +
    `(target ${TARGET / 1000} kB, ceiling ${CEILING / 1000} kB)`,
);
if (total > CEILING) {
  console.error('bundle-budget: over the ceiling — lazy-load what the first page does not need');
  process.exit(1);
}
