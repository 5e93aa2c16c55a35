import { createTheme, globalStyle } from '@vanilla-extract/css';
import { vars } from './contract.css.js';
import { darkPalette, lightPalette, type Palette } from './palettes.js';
import { fontFamily, fontSize, fontWeight, lineHeight, motion, radius, space } from './tokens.js';

const themeValues = (color: Palette, popoverShadow: string) => ({
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
  });
}
