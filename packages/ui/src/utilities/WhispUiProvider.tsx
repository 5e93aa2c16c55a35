import { createContext, type ReactNode, useContext, useMemo } from 'react';
import {
  createWhispFormatter,
  englishFormatter,
  type WhispFormatOptions,
  type WhispFormatter,
} from '../format/formatter.js';
import { type LinkComponent, LinkProvider } from './link.js';

const FormatterContext = createContext<WhispFormatter>(englishFormatter);

export interface WhispUiProviderProps extends WhispFormatOptions {
  /** The app's router link for every component below (see `LinkProvider`). */
  linkComponent?: LinkComponent;
  children: ReactNode;
}

/**
 * Settings the host gives every Whisp component below it: the locale, clock and time zone that
 * dates and counts are written in, and optionally the router link. Without it, English.
 */
export function WhispUiProvider({
  locale,
  hour12,
  timeZone,
  linkComponent,
  children,
}: WhispUiProviderProps) {
  const formatter = useMemo(
    () => createWhispFormatter({ locale, hour12, timeZone }),
    [locale, hour12, timeZone],
  );
  const content = (
    <FormatterContext.Provider value={formatter}>{children}</FormatterContext.Provider>
  );
  return linkComponent ? (
    <LinkProvider linkComponent={linkComponent}>{content}</LinkProvider>
  ) : (
    content
  );
}

/** The formatter of the nearest WhispUiProvider, else English. */
export function useWhispFormatter(): WhispFormatter {
  return useContext(FormatterContext);
}
