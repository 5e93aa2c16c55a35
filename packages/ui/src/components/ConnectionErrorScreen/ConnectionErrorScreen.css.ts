import { vars } from '../../theme/contract.css.js';
import { style } from '../../theme/layered.css.js';

export const iconBadge = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '72px',
  height: '72px',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.accentSubtle,
  color: vars.color.accent,
});

export const icon = style({ width: '32px', height: '32px' });

export const text = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[2],
  // Keeps the sentence to two comfortable lines on wide screens.
  maxWidth: '360px',
});

export const heading = style({
  margin: 0,
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
});

export const message = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.body,
});

export const retryButton = style({
  marginTop: vars.space[2],
  minWidth: '140px',
});
