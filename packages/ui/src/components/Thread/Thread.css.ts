import { vars } from '../../theme/contract.css.js';
import { globalStyle, style } from '../../theme/layered.css.js';
import { media } from '../../theme/media.js';

export const thread = style({ display: 'flex', flexDirection: 'column' });

/** Where a card's avatar sits (its padding plus half a 40 px avatar): the lines run through it. */
const avatarCentre = `calc(${vars.space[4]} + 20px)`;

export const ancestors = style({ margin: 0, padding: 0, listStyle: 'none' });

/** A line from each earlier whisp's avatar down to the next, as in a conversation. */
export const ancestor = style({
  position: 'relative',
  selectors: {
    '&::after': {
      content: '""',
      position: 'absolute',
      insetInlineStart: `calc(${avatarCentre} - 1px)`,
      top: '60px',
      bottom: 0,
      width: '2px',
      backgroundColor: vars.color.borderStrong,
    },
  },
});

export const post = style({
  selectors: {
    '&[data-has-ancestors]': { borderTop: 0 },
  },
});

/** Each level indents and draws its own line, so the nesting shows without colour. */
export const replies = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  outline: 'none',
  selectors: {
    '&:not([data-depth="1"])': {
      marginInlineStart: avatarCentre,
      borderInlineStart: `2px solid ${vars.color.borderStrong}`,
    },
  },
  '@media': {
    [media.phone]: {
      selectors: { '&:not([data-depth="1"])': { marginInlineStart: vars.space[3] } },
    },
  },
});

export const reply = style({});
// The card is the app's (renderCard): the mark reaches it from here.
globalStyle(`${reply}[data-highlighted] > article`, {
  backgroundColor: vars.color.accentSubtle,
});

export const showMore = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space[2],
  minHeight: '36px',
  marginBlock: vars.space[1],
  marginInlineStart: vars.space[4],
  paddingInline: vars.space[3],
  border: 0,
  borderRadius: vars.radius.full,
  background: 'transparent',
  color: vars.color.accent,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  cursor: 'pointer',
  selectors: { '&:hover': { backgroundColor: vars.color.accentSubtle } },
  '@media': { [media.phone]: { minHeight: '44px' } },
});
