import type { Decorator, Preview } from '@storybook/react-vite';
import { setupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { type ReactNode, useLayoutEffect } from 'react';
import { configure } from 'storybook/test';
// The opt-in page-wide reset, as the app imports it (`@whisp/ui/reset.css`).
import '../packages/ui/src/theme/reset.css';
import { type ThemeName, themeClass, themeNames } from '../packages/ui/src/theme/themeClass';
import { DocsContainer } from './DocsContainer';
import { docsThemes } from './docsTheme';
import { allModes } from './modes';

// Story tests run in two browsers at once on CI's two cores, beside other suites: findBy* and
// waitFor give a state 5 s to appear (testing-library's default is 1 s) before calling it missing.
configure({ asyncUtilTimeout: 5000 });

function isThemeName(value: unknown): value is ThemeName {
  return themeNames.includes(value as ThemeName);
}

interface ThemeRootProps {
  theme: ThemeName;
  /** False on docs pages, where several stories (light and dark) share one document. */
  themeDocument: boolean;
  children: ReactNode;
}

/** Applies the toolbar's theme the way the app does: the theme class on <html>. */
function ThemeRoot({ theme, themeDocument, children }: ThemeRootProps) {
  useLayoutEffect(() => {
    if (!themeDocument) return;
    // On <html> as well as the wrapper, so portalled content (tooltips, dialogs) is themed too.
    const root = document.documentElement;
    const className = themeClass(theme);
    root.classList.add(className);
    return () => root.classList.remove(className);
  }, [theme, themeDocument]);
  return (
    <div
      className={themeClass(theme)}
      data-theme={theme}
      // On docs pages the wrapper is the only themed area, so give it room around the story.
      style={{ minHeight: '100%', padding: themeDocument ? undefined : 16 }}
    >
      {children}
    </div>
  );
}

const withTheme: Decorator = (Story, context) => {
  const theme = isThemeName(context.globals.theme) ? context.globals.theme : 'light';
  return (
    <ThemeRoot theme={theme} themeDocument={context.viewMode !== 'docs'}>
      <Story />
    </ThemeRoot>
  );
};

const preview: Preview = {
  tags: ['autodocs'],
  globalTypes: {
    theme: {
      description: 'Whisp colour theme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light' },
  decorators: [withTheme],
  loaders: [
    mswLoader(async () => {
      const worker = setupWorker();
      // Stories only mock what they declare; anything else (Vite modules, assets) goes through.
      await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
      return worker;
    }),
  ],
  parameters: {
    // Docs pages take the toolbar's theme too (DocsContainer); the light one until it is known.
    docs: { container: DocsContainer, theme: docsThemes.light },
    // The theme class paints the background; Storybook's own backgrounds would fight it.
    backgrounds: { disable: true },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // The widths the product is designed at (phone, icon-only navigation, full layout); a story picks one with `globals.viewport`.
    viewport: {
      options: {
        phone: {
          name: 'Phone (375 px)',
          styles: { width: '375px', height: '812px' },
          type: 'mobile',
        },
        tablet: {
          name: 'Tablet (1024 px)',
          styles: { width: '1024px', height: '768px' },
          type: 'tablet',
        },
        desktop: {
          name: 'Desktop (1280 px)',
          styles: { width: '1280px', height: '800px' },
          type: 'desktop',
        },
      },
    },
    // Any axe violation fails the story's test, in the Storybook UI and in `vitest run`.
    a11y: { test: 'error' },
    // Chromatic captures every story in light, dark and at a phone's width.
    chromatic: { modes: allModes },
  },
};

export default preview;
