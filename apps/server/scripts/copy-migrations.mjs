// tsc copies only TypeScript; the migration runner reads its .sql files next to its own module.
import { cpSync, rmSync } from 'node:fs';

const source = new URL('../src/db/migrations/', import.meta.url);
const target = new URL('../dist/db/migrations/', import.meta.url);

// Start from empty: a migration renamed or removed in src must not linger in dist and be applied.
rmSync(target, { recursive: true, force: true });
cpSync(source, target, { recursive: true, filter: (path) => !path.endsWith('.ts') });
