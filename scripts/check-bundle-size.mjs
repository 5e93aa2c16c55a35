// The web app's weight budget, checked on the built app (deterministic: gzip level 9 of the
// emitted files, no timing). First screen = the inline scripts of index.html (the boot script), the
// entry chunk, the chunks index.html preloads for it (the app's code, which the entry imports once
// React is evaluated) and everything these import statically; every lazily loaded route chunk
// counts what it adds beyond that.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const FIRST_SCREEN_BUDGET_BYTES = 150 * 1024;
export const ROUTE_CHUNK_BUDGET_BYTES = 50 * 1024;

const distDir = fileURLToPath(new URL('../apps/whisp/dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8'));

const gzippedSize = (file) => gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;
const kilobytes = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

/** A chunk's key plus every chunk it imports statically, transitively. */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(imported, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('The build manifest has no entry chunk: was the app built?');
const indexHtml = readFileSync(join(distDir, 'index.html'), 'utf8');
const preloaded = [...indexHtml.matchAll(/<link rel="modulepreload"[^>]* href="\/([^"]+)"/g)].map(
  ([, file]) => Object.keys(manifest).find((key) => manifest[key].file === file),
);
if (preloaded.includes(undefined))
  throw new Error('index.html preloads a file the build did not make.');
const firstScreen = new Set();
for (const key of [entryKey, ...preloaded]) staticClosure(key, firstScreen);
const sizeOf = (keys) => [...keys].reduce((sum, key) => sum + gzippedSize(manifest[key].file), 0);

const inlineScriptBytes = [...indexHtml.matchAll(/<script>([\s\S]*?)<\/script>/g)].reduce(
  (sum, [, code]) => sum + gzipSync(code, { level: 9 }).length,
  0,
);
console.log(`inline scripts in index.html: ${kilobytes(inlineScriptBytes)} gzipped`);

const failures = [];
const firstScreenBytes = inlineScriptBytes + sizeOf(firstScreen);
console.log(
  `first screen: ${kilobytes(firstScreenBytes)} gzipped JS (budget ${kilobytes(FIRST_SCREEN_BUDGET_BYTES)})`,
);
if (firstScreenBytes > FIRST_SCREEN_BUDGET_BYTES) failures.push('first screen');

const lazyChunks = Object.keys(manifest).filter(
  (key) => manifest[key].isDynamicEntry && !firstScreen.has(key),
);
for (const key of lazyChunks) {
  const added = [...staticClosure(key)].filter((k) => !firstScreen.has(k));
  const bytes = sizeOf(added);
  console.log(
    `route chunk ${manifest[key].name ?? key}: ${kilobytes(bytes)} (budget ${kilobytes(ROUTE_CHUNK_BUDGET_BYTES)})`,
  );
  if (bytes > ROUTE_CHUNK_BUDGET_BYTES) failures.push(key);
}

if (failures.length) {
  console.error(`Over budget: ${failures.join(', ')}`);
  process.exit(1);
}
