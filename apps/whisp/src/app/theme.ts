import { darkTheme, lightTheme } from '@whisp/ui';
import type { ThemeName } from './themePreference';

export function applyTheme(theme: ThemeName): void {
  const root = document.documentElement;
  root.classList.remove(lightTheme, darkTheme);
  root.classList.add(theme === 'dark' ? darkTheme : lightTheme);
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
}
