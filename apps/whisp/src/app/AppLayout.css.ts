import { globalStyle, style } from '@vanilla-extract/css';
import { media, vars } from '@whisp/ui';
import {
  FOCUS_RING_CLEARANCE,
  PAGE_HEADER_HEIGHT,
  PHONE_BOTTOM_CLEARANCE,
  STICKY_TOP_HEIGHT,
} from '../shared/stickyBars';

export const shell = style({
  display: 'flex',
  justifyContent: 'center',
  alignItems: 'flex-start',
  minHeight: '100dvh',
  marginInline: 'auto',
  maxWidth: '1280px',
  backgroundColor: vars.color.background,
  color: vars.color.text,
});

export const main = style({
  flex: '1 1 600px',
  minWidth: 0,
  maxWidth: '600px',
  minHeight: '100dvh',
  borderInline: `1px solid ${vars.color.border}`,
  // Focused only by the skip link, as the start of the page: a ring around the whole column
  // would say nothing more.
  outline: 'none',
  selectors: { '&[data-route="messages"]': { maxWidth: '960px', flexBasis: '960px' } },
  '@media': {
    // Room under the last whisp for the fixed bottom bar and compose button.
    [media.phone]: {
      maxWidth: 'none',
      borderInline: 'none',
      // The bar is 72 px and the round compose button floats above it: the last content must
      // be able to scroll clear of both.
      paddingBottom: `calc(${PHONE_BOTTOM_CLEARANCE}px + env(safe-area-inset-bottom))`,
      selectors: { '&[data-route="messages"]': { paddingBottom: 0 } },
    },
  },
});

export const aside = style({
  display: 'none',
  flex: '0 1 350px',
  minWidth: '260px',
  position: 'sticky',
  top: 0,
  maxHeight: '100dvh',
  overflowY: 'auto',
  padding: vars.space[4],
  flexDirection: 'column',
  gap: vars.space[4],
  '@media': { [media.wide]: { display: 'flex' } },
});

export const routeFallback = style({ paddingTop: `${PAGE_HEADER_HEIGHT}px` });

// Whatever Tab, a skip or a script focuses is scrolled clear of the sticky bars (WCAG 2.2 Focus
// Not Obscured): the tallest stack at the top (a header with tabs), and on phones the bottom bar
// with the compose button above it. One value for every page: on a page with a lower stack a
// focused element stops a little further down, which hides nothing.
globalStyle(`html:has(${shell})`, {
  scrollPaddingTop: `${STICKY_TOP_HEIGHT + FOCUS_RING_CLEARANCE}px`,
  '@media': {
    [media.phone]: {
      scrollPaddingBottom: `calc(${PHONE_BOTTOM_CLEARANCE + FOCUS_RING_CLEARANCE}px + env(safe-area-inset-bottom))`,
    },
  },
});

// Links written in the app's own text (help, legal pages, empty states) take the accent colour;
// the library's links carry their own classes and styles.
globalStyle(`${main} a:not([class])`, { color: vars.color.accent, textUnderlineOffset: '2px' });
