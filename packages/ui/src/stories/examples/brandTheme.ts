import { createWhispTheme } from '../../index.js';

// Teal for a team's brand. The accent is also link and tab text on the page, so it has to read at
// 4.5:1 on white and on Whisp's dark grey; createWhispTheme throws when a colour does not.
export const tealTheme = createWhispTheme({
  light: { accent: '#0f766e' },
  dark: { accent: '#2dd4bf' },
});

// Once, at start-up, after `@whisp/ui/styles.css`: re-colours both theme classes wherever they
// are applied, dialogs and tooltips in their portals included.
export function installTealTheme(target: Document = document): void {
  const style = target.createElement('style');
  style.dataset.whispTheme = 'teal';
  style.textContent = tealTheme.css();
  target.head.append(style);
}
