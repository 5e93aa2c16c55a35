import { vars } from '../../theme/contract.css.js';
import { style } from '../../theme/layered.css.js';

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[3],
  maxWidth: '420px',
  color: vars.color.text,
});

export const formError = style({
  margin: 0,
  padding: vars.space[3],
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.dangerSubtle,
  color: vars.color.danger,
  fontWeight: vars.fontWeight.medium,
});

export const notice = style({
  margin: 0,
  padding: vars.space[3],
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.accentSubtle,
  color: vars.color.text,
});

export const actions = style({ display: 'flex', justifyContent: 'flex-start' });
