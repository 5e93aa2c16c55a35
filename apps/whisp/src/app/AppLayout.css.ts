import { globalStyle, style } from '@vanilla-extract/css';
import { media, vars } from '@whisp/ui';

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
  selectors: { '&[data-route="messages"]': { maxWidth: '960px', flexBasis: '960px' } },
  '@media': {
    // Room under the last whisp for the fixed bottom bar and compose button.
    [media.phone]: {
      maxWidth: 'none',
      borderInline: 'none',
      // The bar is 72 px and the round compose button floats above it: the last content must
      // be able to scroll clear of both.
      paddingBottom: 'calc(144px + env(safe-area-inset-bottom))',
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

export const routeFallback = style({ paddingTop: '56px' });

// Links written in the app's own text (help, legal pages, empty states) take the accent colour;
// the library's links carry their own classes and styles.
globalStyle(`${main} a:not([class])`, { color: vars.color.accent, textUnderlineOffset: '2px' });
