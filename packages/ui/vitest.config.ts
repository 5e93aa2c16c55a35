import { storybookProject } from './vitest.storybook.js';

// Stories at a phone's width (vitest's default window, 414 × 896): most of them, since every
// component must work there. Stories tagged `desktop` run in vitest.desktop.config.ts instead.
export default storybookProject({
  name: 'storybook',
  groupOrder: 2,
  viewport: { width: 414, height: 896 },
  tags: { exclude: ['desktop'] },
});
