// Which theme to show, read without the design system: the inline boot script uses it too.

export type ThemeName = 'light' | 'dark';
/** Product-spec section 9: the theme is kept in local storage, next to the token. */
export const THEME_STORAGE_KEY = 'whisp.theme';

/** Follows the system preference; light when the browser states none (product-spec section 4). */
export function systemTheme(): ThemeName {
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function storedTheme(): ThemeName | null {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    // Storage can throw in privacy modes; the system preference still applies.
    return null;
  }
}

export function initialTheme(): ThemeName {
  return storedTheme() ?? systemTheme();
}

export function saveTheme(theme: ThemeName): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Not persisted, but the page still switches.
  }
}
