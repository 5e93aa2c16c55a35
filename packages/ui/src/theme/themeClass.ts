import { darkTheme, lightTheme } from './themes.css.js';

export const themeNames = ['light', 'dark'] as const;
export type ThemeName = (typeof themeNames)[number];

/** The class that applies a theme: put it on `<html>` or on the wrapper that should carry it. */
export function themeClass(name: ThemeName): string {
  return name === 'dark' ? darkTheme : lightTheme;
}
