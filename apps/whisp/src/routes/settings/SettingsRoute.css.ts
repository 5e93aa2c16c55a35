import { style } from '@vanilla-extract/css';
import { vars } from '@whisp/ui';

export const sections = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[4],
  padding: vars.space[4],
});

export const dialog = style({ maxWidth: '460px' });

export const dialogActions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space[2],
  marginTop: vars.space[4],
});
