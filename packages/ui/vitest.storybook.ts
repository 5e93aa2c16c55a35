import { fileURLToPath } from 'node:url';
import { STORYBOOK_TEST_INITIAL_GLOBALS_PROVIDE_KEY } from '@storybook/addon-vitest/constants';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineProject } from 'vitest/config';
import { CHROMIUM_FLAGS } from '../../scripts/chromium.mjs';

const packageRoot = fileURLToPath(new URL('.', import.meta.url));
const storybookConfigDir = fileURLToPath(new URL('../../.storybook', import.meta.url));

// Debian's Chromium, driven headless as root on a closed network (STACK.md); CHROME_PATH
// points elsewhere on other machines.
const chromium = playwright({
  launchOptions: {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_FLAGS],
  },
});

interface StorybookProjectOptions {
  name: string;
  groupOrder: number;
  /** The browser window; a story's `globals.viewport` only sizes the Storybook UI's frame. */
  viewport: { width: number; height: number };
  tags: { include?: string[]; exclude?: string[] };
}

/**
 * Every story is a test: it renders, its play function runs, then axe must find no violation.
 * Each story runs twice, once per theme, so contrast is checked in light and in dark.
 */
export function storybookProject({ name, groupOrder, viewport, tags }: StorybookProjectOptions) {
  return defineProject({
    // The plugin finds stories relative to the root; pin it so the run works from any directory.
    root: packageRoot,
    plugins: [storybookTest({ configDir: storybookConfigDir, tags })],
    test: {
      name,
      sequence: { groupOrder },
      // Story files share one page instead of a fresh iframe each: every story already mounts
      // into its own root with its own query client and handlers, and reloading Storybook's
      // preview, MSW and the theme for each of ~40 files cost about 2 s apiece (222 s → 62 s
      // for the phone-width light run).
      isolate: false,
      browser: {
        enabled: true,
        headless: true,
        provider: chromium,
        viewport,
        instances: [
          { browser: 'chromium', name: `${name} (light)` },
          {
            browser: 'chromium',
            name: `${name} (dark)`,
            provide: { [STORYBOOK_TEST_INITIAL_GLOBALS_PROVIDE_KEY]: { theme: 'dark' } },
          },
        ],
      },
    },
  });
}
