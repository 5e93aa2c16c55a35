import { vars } from '../../theme/contract.css.js';
import { style } from '../../theme/layered.css.js';
import { media } from '../../theme/media.js';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[2],
  marginTop: vars.space[2],
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.body,
});

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[2],
  margin: 0,
  padding: 0,
  listStyle: 'none',
  // Focus lands here after a vote (the buttons it came from are gone): no ring on a list.
  outline: 'none',
});

export const choice = style({
  display: 'block',
  width: '100%',
  minHeight: '40px',
  paddingBlock: vars.space[2],
  paddingInline: vars.space[4],
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.full,
  background: 'transparent',
  color: vars.color.accent,
  font: 'inherit',
  fontWeight: vars.fontWeight.semibold,
  textAlign: 'center',
  // Long options wrap inside the pill rather than widen the card.
  overflowWrap: 'anywhere',
  cursor: 'pointer',
  transition: `background-color ${vars.motion.fast} ${vars.motion.easing}`,
  selectors: {
    '&:hover:not([aria-disabled="true"])': { backgroundColor: vars.color.accentSubtle },
    '&[aria-disabled="true"]': { cursor: 'progress', opacity: 0.7 },
  },
  '@media': { [media.phone]: { minHeight: '44px' } },
});

export const fieldset = style({ margin: 0, padding: 0, border: 0, minWidth: 0 });

export const checkboxRow = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space[3],
  minHeight: '40px',
  paddingBlock: vars.space[2],
  paddingInline: vars.space[3],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  overflowWrap: 'anywhere',
  cursor: 'pointer',
  selectors: { '&:hover': { backgroundColor: vars.color.surfaceHover } },
  '@media': { [media.phone]: { minHeight: '44px' } },
});

export const checkbox = style({
  flexShrink: 0,
  width: '20px',
  height: '20px',
  marginBlock: '1px',
  accentColor: vars.color.accent,
});

export const voteButton = style({ alignSelf: 'flex-start' });

export const result = style({ display: 'flex', flexDirection: 'column', gap: vars.space[1] });

export const resultLine = style({
  display: 'flex',
  alignItems: 'baseline',
  gap: vars.space[2],
  overflowWrap: 'anywhere',
});

export const percent = style({
  flexShrink: 0,
  minWidth: '4ch',
  fontWeight: vars.fontWeight.bold,
  fontVariantNumeric: 'tabular-nums',
});

export const ownMark = style({
  flexShrink: 0,
  alignSelf: 'center',
  color: vars.color.accent,
});

/** The bar sits under its text, never behind it, so the text keeps its contrast at any width. */
export const track = style({
  display: 'block',
  height: '8px',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.surface,
  overflow: 'hidden',
});

export const fill = style({
  display: 'block',
  height: '100%',
  minWidth: '4px',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.textMuted,
  selectors: { [`${result}[data-own] &`]: { backgroundColor: vars.color.accent } },
});

export const footer = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const error = style({
  margin: 0,
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
});
