import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A freshly initialised, empty embedded database directory to copy, never to open. */
    embeddedDatabaseTemplate: string;
  }
}

// Creating an embedded database (initdb) costs seconds; copying a created one costs a fraction
// of that, so every test file starts from a copy of this one.
export default async function setup(project: TestProject) {
  const root = mkdtempSync(path.join(tmpdir(), 'whisp-test-template-'));
  const template = path.join(root, 'db');
  const pglite = await PGlite.create(template);
  await pglite.close();
  project.provide('embeddedDatabaseTemplate', template);
  return () => rmSync(root, { recursive: true, force: true });
}
