import { storybookProject } from './vitest.storybook.js';

// Stories of wide-screen layouts (tagged `desktop`: the left navigation, the feed with its side
// column), in a 1280 × 800 window. In the phone-width stories' group: they start their browsers
// and Vite together, where alone, after everything else, this project's start-up was most of its
// two minutes with the other core idle.
export default storybookProject({
  name: 'storybook-desktop',
  groupOrder: 2,
  viewport: { width: 1280, height: 800 },
  tags: { include: ['desktop'] },
});
