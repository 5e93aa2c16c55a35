import {
  type DocsContainerProps,
  DocsContainer as StorybookDocsContainer,
} from '@storybook/addon-docs/blocks';
import { type PropsWithChildren, useEffect, useLayoutEffect, useState } from 'react';
import { GLOBALS_UPDATED, SET_GLOBALS } from 'storybook/internal/core-events';
import { type ThemeName, themeClass, themeNames } from '../packages/ui/src/theme/themeClass';
import { docsThemes } from './docsTheme';

type Channel = DocsContainerProps['context']['channel'];

function themeOf(globals: unknown): ThemeName | undefined {
  const theme =
    typeof globals === 'object' && globals !== null && 'theme' in globals
      ? globals.theme
      : undefined;
  return themeNames.find((name) => name === theme);
}

/** The toolbar's theme as the docs page mounts: the last globals the preview announced. */
function toolbarTheme(channel: Channel): ThemeName {
  for (const event of [GLOBALS_UPDATED, SET_GLOBALS]) {
    const [payload] = (channel.last(event) as unknown[] | undefined) ?? [];
    const theme =
      typeof payload === 'object' && payload !== null && 'globals' in payload
        ? themeOf(payload.globals)
        : undefined;
    if (theme) return theme;
  }
  return 'light';
}

/**
 * Docs pages follow the toolbar's theme as stories do: Storybook's own docs chrome (page, text,
 * tables of props, code) takes the matching Storybook theme, and <html> takes Whisp's theme class,
 * so the page background and anything a docs story portals (tooltips, dialogs) match it.
 */
export function DocsContainer({ context, children }: PropsWithChildren<DocsContainerProps>) {
  const [theme, setTheme] = useState(() => toolbarTheme(context.channel));

  useEffect(() => {
    const onGlobals = ({ globals }: { globals: unknown }) => {
      const next = themeOf(globals);
      if (next) setTheme(next);
    };
    context.channel.on(GLOBALS_UPDATED, onGlobals);
    return () => context.channel.off(GLOBALS_UPDATED, onGlobals);
  }, [context.channel]);

  useLayoutEffect(() => {
    const root = document.documentElement;
    const className = themeClass(theme);
    root.classList.add(className);
    return () => root.classList.remove(className);
  }, [theme]);

  return (
    <StorybookDocsContainer context={context} theme={docsThemes[theme]}>
      {children}
    </StorybookDocsContainer>
  );
}
