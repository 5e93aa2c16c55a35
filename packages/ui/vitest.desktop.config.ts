import { storybookProject } from './vitest.storybook.js';

// Stories of wide-screen layouts (tagged `desktop`: the left navigation, the feed with its side
// column), in a 1280 × 800 window.
export default storybookProject({
  name: 'storybook-desktop',
  groupOrder: 4,
  viewport: { width: 1280, height: 800 },
  tags: { include: ['desktop'] },
});
