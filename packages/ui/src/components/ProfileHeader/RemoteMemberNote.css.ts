import { vars } from '../../theme/contract.css.js';
import { style } from '../../theme/layered.css.js';

export const root = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space[2],
  padding: vars.space[3],
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.body,
});

export const icon = style({ flexShrink: 0, marginTop: '1px', color: vars.color.textMuted });

export const text = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: '2px',
  minWidth: 0,
  // A server's name can be long and has no spaces to break at.
  overflowWrap: 'anywhere',
});

export const line = style({ margin: 0 });

export const muted = style({ color: vars.color.textMuted });

export const link = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space[1],
  maxWidth: '100%',
  color: vars.color.accent,
  fontWeight: vars.fontWeight.semibold,
  textUnderlineOffset: '3px',
});
