import { createThemeContract } from '@vanilla-extract/css';
import type { Palette } from './palettes.js';
import { fontFamily, fontSize, fontWeight, lineHeight, motion, radius, space } from './tokens.js';

/** Turns a token object into the contract's shape: same keys, values filled in per theme. */
const slots = <Tokens extends Record<string | number, string>>(tokens: Tokens) =>
  Object.fromEntries(Object.keys(tokens).map((key) => [key, null])) as Record<keyof Tokens, null>;

const colorSlots: Record<keyof Palette, null> = {
  background: null,
  surface: null,
  surfaceHover: null,
  border: null,
  borderStrong: null,
  text: null,
  textMuted: null,
  accent: null,
  accentHover: null,
  onAccent: null,
  accentSubtle: null,
  danger: null,
  dangerHover: null,
  onDanger: null,
  dangerSubtle: null,
  like: null,
  rewhisp: null,
  focusRing: null,
  tooltipBackground: null,
  tooltipText: null,
  overlay: null,
};

/** The one theme contract: CSS variables that every component and the app's styles read. */
export const vars = createThemeContract({
  color: colorSlots,
  space: slots(space),
  radius: slots(radius),
  fontSize: slots(fontSize),
  lineHeight: slots(lineHeight),
  fontWeight: slots(fontWeight),
  fontFamily: slots(fontFamily),
  motion: slots(motion),
  shadow: { popover: null },
});
