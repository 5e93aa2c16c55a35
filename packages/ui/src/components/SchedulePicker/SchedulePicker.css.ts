import { vars } from '../../theme/contract.css.js';
import { style } from '../../theme/layered.css.js';

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[3],
  width: '300px',
  maxWidth: '100%',
  minWidth: 0,
  margin: 0,
  padding: 0,
  border: 'none',
});

export const title = style({
  margin: 0,
  padding: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
});

export const fields = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: vars.space[2],
});

export const zone = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const error = style({
  margin: 0,
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
});

export const actions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space[2],
});

export const summary = style({
  display: 'inline-flex',
  alignItems: 'center',
  alignSelf: 'flex-start',
  gap: vars.space[1],
  paddingInlineStart: vars.space[3],
  paddingInlineEnd: vars.space[1],
  paddingBlock: vars.space[1],
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.accentSubtle,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
});

export const summaryIcon = style({ display: 'inline-flex', color: vars.color.accent });
