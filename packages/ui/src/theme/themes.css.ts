import { createTheme } from '@vanilla-extract/css';
import { vars } from './contract.css.js';
import { globalStyle } from './layered.css.js';
import { whispLayer } from './layers.css.js';
import { darkPalette, lightPalette, type Palette } from './palettes.js';
import { fontFamily, fontSize, fontWeight, lineHeight, motion, radius, space } from './tokens.js';

const themeValues = (color: Palette, popoverShadow: string) => ({
  '@layer': whispLayer,
  color,
  space,
  radius,
  fontSize,
  lineHeight,
  fontWeight,
  fontFamily,
  motion,
  shadow: { popover: popoverShadow },
});

/** Apply to `<html>` (or any wrapper) to give everything inside the light theme. */
export const lightTheme = createTheme(
  vars,
  themeValues(lightPalette, '0 4px 16px rgba(24, 23, 28, 0.12)'),
  'light',
);

/** Apply to `<html>` (or any wrapper) to give everything inside the dark theme. */
export const darkTheme = createTheme(
  vars,
  themeValues(darkPalette, '0 4px 16px rgba(0, 0, 0, 0.5)'),
  'dark',
);

// The element carrying a theme also paints its page colours, and `color-scheme` makes native
// scrollbars and form controls follow the theme.
for (const [themeClassName, scheme] of [
  [lightTheme, 'light'],
  [darkTheme, 'dark'],
] as const) {
  globalStyle(themeClassName, {
    colorScheme: scheme,
    backgroundColor: vars.color.background,
    color: vars.color.text,
    fontFamily: vars.fontFamily.body,
    fontSize: vars.fontSize.md,
    lineHeight: vars.lineHeight.body,
    // People who ask the system for reduced motion get none from Whisp: every transition and
    // animation of the components reads these durations. (The opt-in reset also stops the rest of
    // the page's motion; the library itself does not reach outside its own elements.)
    '@media': {
      '(prefers-reduced-motion: reduce)': {
        vars: { [vars.motion.fast]: '0.01ms', [vars.motion.normal]: '0.01ms' },
      },
    },
  });
}
