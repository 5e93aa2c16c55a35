import { style } from '@vanilla-extract/css';
import { vars } from '@whisp/ui';

export const narrow = style({ maxWidth: '440px' });

export const actions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space[2],
  marginTop: vars.space[4],
});
