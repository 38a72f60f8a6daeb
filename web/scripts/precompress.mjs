// Writes a brotli (.br) and a gzip (.gz) copy beside every text asset of the last build, at the
// maximum levels, so `gardenctl serve` sends assets compressed without compressing per request
// (adapters/httpapi/web.go picks the copy the browser accepts). Node's zlib does both, so the
// build needs no extra package.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const assets = new URL('../dist/assets/', import.meta.url).pathname;
const TEXT = /\.(js|css|svg|json|webmanifest|txt|html)$/;
const MIN_SIZE = 1024; // smaller files gain nothing worth a second request path

let files = 0;
let raw = 0;
let brotli = 0;
for (const name of readdirSync(assets)) {
  const file = join(assets, name);
  if (!TEXT.test(name) || statSync(file).size < MIN_SIZE) continue;
  const body = readFileSync(file);
  const br = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  files++;
  raw += body.length;
  brotli += br.length;
}
console.log(`precompressed ${files} assets: ${(raw / 1000).toFixed(0)} kB → ${(brotli / 1000).toFixed(0)} kB brotli`);
