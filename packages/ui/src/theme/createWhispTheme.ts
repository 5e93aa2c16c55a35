import { vars } from './contract.css.js';
import { contrastMinimum, contrastRatio, hexChannels } from './contrast.js';
import { darkPalette, lightPalette, type Palette } from './palettes.js';
import type { ThemeName } from './themeClass.js';
import { darkTheme, lightTheme } from './themes.css.js';

/** A brand's colours for one theme: `accent` is required, any other palette colour may change. */
export type WhispBrandColors = Partial<Palette> & { accent: string };

export interface WhispThemeOptions {
  light: WhispBrandColors;
  dark: WhispBrandColors;
}

/** CSS custom properties (`--name: value`) that override the theme contract's colours. */
export type WhispThemeVariables = Record<`--${string}`, string>;

export interface WhispTheme {
  /** The light theme's variables: a `style` prop beside `themeClass('light')`, or `setProperty`. */
  light: WhispThemeVariables;
  dark: WhispThemeVariables;
  /**
   * A stylesheet that re-colours both theme classes wherever they are applied (`<html>`, portals
   * included). Unlayered, so it wins over the library's `whisp` layer without `!important`.
   */
  css: () => string;
}

// WCAG AA for text: the accent is also link and active-tab text on the page background, and
// `onAccent` is the label of every primary button.
const minimumContrast = contrastMinimum.text;

export { contrastRatio };

/** `amount` of `foreground` over `background`, as hex. */
function mix(foreground: string, background: string, amount: number): string {
  const top = hexChannels(foreground);
  const bottom = hexChannels(background);
  return `#${top
    .map((value, index) => Math.round(value * amount + (bottom[index] ?? 0) * (1 - amount)))
    .map((value) => value.toString(16).padStart(2, '0'))
    .join('')}`;
}

function resolvePalette(theme: ThemeName, brand: WhispBrandColors): Palette {
  const base = theme === 'dark' ? darkPalette : lightPalette;
  const merged: Palette = { ...base, ...brand };
  const { accent, background } = merged;
  // Colours that follow the accent unless the brand gives them: the label colour with the better
  // contrast, a hover shade towards the text colour, a faint tint, the focus ring.
  const onAccent =
    brand.onAccent ??
    [base.text, base.background, '#ffffff', '#000000'].reduce((best, candidate) =>
      contrastRatio(candidate, accent) > contrastRatio(best, accent) ? candidate : best,
    );
  const palette: Palette = {
    ...merged,
    onAccent,
    accentHover: brand.accentHover ?? mix(accent, base.text, 0.85),
    accentSubtle: brand.accentSubtle ?? mix(accent, background, theme === 'dark' ? 0.18 : 0.1),
    focusRing: brand.focusRing ?? accent,
  };
  for (const [foreground, surface] of [
    ['accent', 'background'],
    ['accent', 'surface'],
    ['accent', 'accentSubtle'],
    ['onAccent', 'accent'],
    ['onAccent', 'accentHover'],
    ['text', 'accentSubtle'],
    ['textMuted', 'accentSubtle'],
  ] as const) {
    const ratio = contrastRatio(palette[foreground], palette[surface]);
    if (ratio < minimumContrast) {
      throw new Error(
        `createWhispTheme: ${theme} ${foreground} ${palette[foreground]} on ${surface} ${palette[surface]} has a contrast of ${ratio.toFixed(2)}:1; WCAG AA needs ${minimumContrast}:1`,
      );
    }
  }
  return palette;
}

/** `var(--x)` → `--x`: the contract's values are variable references. */
const variableName = (reference: string) => reference.slice(4, -1) as `--${string}`;

function variables(theme: ThemeName, brand: WhispBrandColors): WhispThemeVariables {
  const base = theme === 'dark' ? darkPalette : lightPalette;
  const palette = resolvePalette(theme, brand);
  const changed = (Object.keys(palette) as Array<keyof Palette>).filter(
    (key) => palette[key] !== base[key],
  );
  return Object.fromEntries(changed.map((key) => [variableName(vars.color[key]), palette[key]]));
}

const declarations = (values: WhispThemeVariables) =>
  Object.entries(values)
    .map(([name, value]) => `${name}: ${value};`)
    .join(' ');

/**
 * A brand theme built on Whisp's theme contract: give the accent (and any other colour) for the
 * light and the dark theme; the colours that follow the accent are derived, and every pairing the
 * components draw is checked against WCAG AA, so an unreadable brand fails here rather than in
 * production. Spacing, type and radii stay Whisp's.
 */
export function createWhispTheme(options: WhispThemeOptions): WhispTheme {
  const light = variables('light', options.light);
  const dark = variables('dark', options.dark);
  return {
    light,
    dark,
    css: () =>
      `.${lightTheme} { ${declarations(light)} }\n.${darkTheme} { ${declarations(dark)} }\n`,
  };
}
