import { createGlobalThemeContract } from '@vanilla-extract/css';
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

/** `fontSize.md` → `font-size-md`: CSS's own spelling, so the names read like any other property. */
const kebab = (segment: string) =>
  segment.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/**
 * The CSS variable's name for a token's path: `color.accent` → `--whisp-color-accent`,
 * `space[4]` → `--whisp-space-4`. Stable and readable (not vanilla-extract's hashed
 * `--accent__1x2y3z`), because designers read them in devtools and the token tables and a host
 * page may set one by name; renaming a token is therefore a breaking change for such hosts. The
 * `whisp-` prefix keeps them apart from the host's own variables.
 */
const themeVariableName = (path: ReadonlyArray<string | number>) =>
  `whisp-${path.map((segment) => kebab(String(segment))).join('-')}`;

/** The one theme contract: CSS variables that every component and the app's styles read. */
export const vars = createGlobalThemeContract(
  {
    color: colorSlots,
    space: slots(space),
    radius: slots(radius),
    fontSize: slots(fontSize),
    lineHeight: slots(lineHeight),
    fontWeight: slots(fontWeight),
    fontFamily: slots(fontFamily),
    motion: slots(motion),
    shadow: { popover: null },
  },
  (_value, path) => themeVariableName(path),
);
