import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// Text the browser downloads; source maps stay plain (only developer tools fetch them).
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt)$/;
// Below this a compressed copy saves less than its headers cost.
const MIN_BYTES = 1024;

/**
 * Writes a .br and a .gz copy beside every emitted text file, so the server sends compressed
 * bytes without compressing on each request (@fastify/static's `preCompressed`).
 */
export function precompress(): Plugin {
  return {
    name: 'whisp:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((fileName) => COMPRESSIBLE.test(fileName));
      await Promise.all(
        files.map((fileName) => writeCompressedCopies(path.join(outDir, fileName))),
      );
    },
  };
}

async function writeCompressedCopies(file: string) {
  const original = await readFile(file);
  if (original.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(original, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: original.length,
      },
    }),
    gzipAsync(original, { level: 9 }),
  ]);
  // A copy that is not smaller is left out: the server then sends the original.
  const writes = [];
  if (br.length < original.length) writes.push(writeFile(`${file}.br`, br));
  if (gz.length < original.length) writes.push(writeFile(`${file}.gz`, gz));
  await Promise.all(writes);
}
