// The bare imports a built ES module reaches: follows its relative imports (static, re-exports and
// dynamic `import('…')`) through the package's own files and collects every package it names.
// Type-only imports are gone from the built JavaScript, so what is left is what runs.
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const specifierPattern =
  /(?:^|[;\s])(?:import|export)\s*(?:[\w*${}\s,]+?\s*from\s*)?["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;

/** The module specifiers written in one module's source. */
export function specifiersOf(source) {
  const found = [];
  for (const match of source.matchAll(specifierPattern)) found.push(match[1] ?? match[2]);
  return found;
}

/** The package name of a bare specifier: `react/jsx-runtime` → `react`, `@a/b/c` → `@a/b`. */
export function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * Walks from `entry` (a file path) and returns `Map<bare specifier, importing file>` (the first
 * file, relative to `base`, that imports it), so a failure can say where the import comes from.
 */
export function bareImports(entry, base = dirname(entry)) {
  const seen = new Set();
  const packages = new Map();
  const pending = [entry];
  while (pending.length) {
    const file = pending.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of specifiersOf(readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.')) pending.push(join(dirname(file), specifier));
      else if (!specifier.startsWith('node:') && !packages.has(specifier)) {
        packages.set(specifier, relative(base, file));
      }
    }
  }
  return packages;
}
