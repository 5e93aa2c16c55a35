import { vars } from '../../theme/contract.css.js';
import { style } from '../../theme/layered.css.js';
import { media } from '../../theme/media.js';

export const warning = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[2],
  marginTop: vars.space[1],
  paddingBlock: vars.space[2],
  paddingInline: vars.space[3],
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
});

export const icon = style({ flexShrink: 0, color: vars.color.textMuted });

export const text = style({
  flex: 1,
  minWidth: 0,
  margin: 0,
  fontWeight: vars.fontWeight.semibold,
  overflowWrap: 'anywhere',
});

export const toggle = style({
  flexShrink: 0,
  minWidth: '56px',
  minHeight: '32px',
  paddingInline: vars.space[3],
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.full,
  background: vars.color.background,
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  cursor: 'pointer',
  selectors: { '&:hover': { backgroundColor: vars.color.surfaceHover } },
  '@media': { [media.phone]: { minHeight: '44px' } },
});

/** Holds the opened text, media and poll with the card's own spacing between them. */
export const content = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[1],
  selectors: { '&:empty': { display: 'none' } },
});
