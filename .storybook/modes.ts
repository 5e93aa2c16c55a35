// Chromatic modes: every story is captured in each of these (set for all stories in preview.tsx).
// `theme` is the toolbar's global that the withTheme decorator applies; `viewport` is the width
// Chromatic captures at.
export const allModes = {
  light: { theme: 'light' },
  dark: { theme: 'dark' },
  // The product's phone width (Storybook's "phone" viewport), light theme.
  phone: { theme: 'light', viewport: { width: 375, height: 812 } },
} as const;
