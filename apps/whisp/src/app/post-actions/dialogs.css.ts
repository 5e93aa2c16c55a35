import { style } from '@vanilla-extract/css';
import { vars } from '@whisp/ui';

export const narrow = style({ maxWidth: '440px' });

export const actions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space[2],
  marginTop: vars.space[4],
});

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space[3] });

export const fieldset = style({
  border: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[2],
});

export const legend = style({ fontWeight: vars.fontWeight.semibold, marginBottom: vars.space[2] });

export const option = style({ display: 'flex', alignItems: 'center', gap: vars.space[2] });
