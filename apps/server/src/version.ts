import { readFileSync } from 'node:fs';

// package.json sits one level above both src/ and dist/; reading it at run time keeps it outside
// the compiled tree.
const packageJson = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
) as { version: string };

export const APP_VERSION = packageJson.version;
