import { create } from 'storybook/theming/create';
import { darkPalette, lightPalette, type Palette } from '../packages/ui/src/theme/palettes';
import type { ThemeName } from '../packages/ui/src/theme/themeClass';
import { fontFamily } from '../packages/ui/src/theme/tokens';

// Storybook's docs pages (autodocs and MDX) in Whisp's own colours, so a page in the dark theme
// reads like the product in the dark theme, and its story previews sit on the same background.
const docsTheme = (base: ThemeName, palette: Palette) =>
  create({
    base,
    colorPrimary: palette.accent,
    colorSecondary: palette.accent,
    appBg: palette.surface,
    appContentBg: palette.background,
    appPreviewBg: palette.background,
    appHoverBg: palette.surfaceHover,
    appBorderColor: palette.border,
    appBorderRadius: 12,
    fontBase: fontFamily.body,
    fontCode: fontFamily.mono,
    textColor: palette.text,
    textInverseColor: palette.background,
    textMutedColor: palette.textMuted,
    barTextColor: palette.textMuted,
    barSelectedColor: palette.accent,
    barHoverColor: palette.accent,
    barBg: palette.surface,
    buttonBg: palette.surface,
    buttonBorder: palette.borderStrong,
    booleanBg: palette.surface,
    booleanSelectedBg: palette.background,
    inputBg: palette.background,
    inputBorder: palette.borderStrong,
    inputTextColor: palette.text,
    inputBorderRadius: 8,
  });

export const docsThemes = {
  light: docsTheme('light', lightPalette),
  dark: docsTheme('dark', darkPalette),
};
