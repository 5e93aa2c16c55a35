// `pnpm chromatic`: publishes Storybook to Chromatic for visual review when the project token is set.
import { spawnSync } from 'node:child_process';

if (!process.env.CHROMATIC_PROJECT_TOKEN) {
  console.log(
    'Chromatic is not configured here: set CHROMATIC_PROJECT_TOKEN (the project token from ' +
      "Chromatic's Manage page) to publish Storybook for visual review. Nothing was uploaded.",
  );
  process.exit(0);
}
// The CLI reads the token from CHROMATIC_PROJECT_TOKEN itself and the rest from chromatic.config.json.
const result = spawnSync('pnpm', ['exec', 'chromatic', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
