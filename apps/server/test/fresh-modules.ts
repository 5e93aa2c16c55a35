import { vi } from 'vitest';

// The server project reuses each worker and the modules from node_modules between test files
// (isolate: false in vitest.config.ts), but this repository's own modules are loaded afresh for
// every file, so no file sees state another left in them.
vi.resetModules();
