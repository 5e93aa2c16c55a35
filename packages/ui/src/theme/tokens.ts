// Raw design tokens shared by both themes. Components never read these directly: they read the
// CSS variables of `vars` (contract.css.ts), so a consumer can retheme without rebuilding.

/** 4 px steps; the key is the multiple of 4 (space[3] is 12 px). */
export const space = {
  0: '0',
  1: '4px',
  2: '8px',
  3: '12px',
  4: '16px',
  5: '20px',
  6: '24px',
  8: '32px',
  10: '40px',
  12: '48px',
  16: '64px',
} as const;

/** Cards and dialogs use lg/xl (12–16 px); buttons are pills. */
export const radius = {
  sm: '6px',
  md: '8px',
  lg: '12px',
  xl: '16px',
  full: '9999px',
} as const;

/** Body text is `md` (15 px) at `lineHeight.body`, a comfortable measure for a 600 px feed column. */
export const fontSize = {
  xs: '12px',
  sm: '13px',
  md: '15px',
  lg: '17px',
  xl: '20px',
  xxl: '24px',
  display: '30px',
} as const;

export const lineHeight = {
  tight: '1.25',
  body: '1.4',
} as const;

export const fontWeight = {
  regular: '400',
  medium: '500',
  semibold: '600',
  bold: '700',
} as const;

/** The system stack: no web font to download before the first paint. */
export const fontFamily = {
  body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"',
  mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
} as const;

/** Short and purposeful; the themes (themes.css.ts) turn these to 0.01ms for prefers-reduced-motion. */
export const motion = {
  fast: '150ms',
  normal: '200ms',
  easing: 'cubic-bezier(0.2, 0, 0, 1)',
} as const;
