// Bundle budget: the JavaScript and CSS a browser must fetch to show the dashboard on a first
// visit (the entry chunk, everything it imports statically, the dashboard route's chunk and its
// static imports, and their CSS), gzipped. Fails when the total passes the budget, so the first
// load cannot grow back unnoticed (issue #14: at most 150 kB). Reads Vite's manifest of the
// last `npm run build`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET = 150_000; // bytes of JS + CSS after gzip
const FIRST_ROUTE = 'src/features/dashboard/pages/dashboard-page.tsx';

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

let total = 0;
const rows = [];
for (const file of files) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  rows.push([size, file]);
}
rows.sort((a, b) => b[0] - a[0]);
for (const [size, file] of rows) console.log(`${(size / 1000).toFixed(1).padStart(7)} kB  ${file}`);
console.log(`first load of the dashboard: ${(total / 1000).toFixed(1)} kB of JS + CSS gzipped (budget ${BUDGET / 1000} kB)`);
if (total > BUDGET) {
  console.error('bundle-budget: over budget — lazy-load what the first page does not need');
  process.exit(1);
}
