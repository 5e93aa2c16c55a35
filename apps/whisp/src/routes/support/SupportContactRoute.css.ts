import { style } from '@vanilla-extract/css';
import { vars } from '@whisp/ui';

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[4],
  padding: vars.space[4],
  maxWidth: '560px',
});

export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[1],
  fontWeight: vars.fontWeight.medium,
});

export const select = style({
  minHeight: '40px',
  padding: `0 ${vars.space[3]}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.background,
  color: vars.color.text,
  font: 'inherit',
});

export const checkbox = style({ display: 'flex', gap: vars.space[2], alignItems: 'flex-start' });

export const error = style({
  margin: 0,
  color: vars.color.danger,
  fontWeight: vars.fontWeight.medium,
});
