import { vars } from '../../theme/contract.css.js';
import { style } from '../../theme/layered.css.js';
import { media } from '../../theme/media.js';

// The card itself is sign-in's (AuthCard.css.ts), as on the consent page before it.

export const codeRow = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space[3],
  '@media': { [media.phone]: { alignItems: 'stretch' } },
});

export const code = style({
  alignSelf: 'stretch',
  padding: vars.space[3],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  fontFamily: vars.fontFamily.mono,
  fontSize: vars.fontSize.md,
  letterSpacing: '0.02em',
  overflowWrap: 'anywhere',
  // One click selects the whole code, for a member who copies it by hand.
  userSelect: 'all',
});

export const copy = style({
  flexShrink: 0,
  '@media': { [media.phone]: { minHeight: '44px' } },
});

export const status = style({
  margin: 0,
  minHeight: '1.4em',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const home = style({
  alignSelf: 'center',
  color: vars.color.accent,
  fontWeight: vars.fontWeight.semibold,
  textUnderlineOffset: '3px',
});
