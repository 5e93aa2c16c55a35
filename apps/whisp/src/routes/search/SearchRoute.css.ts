import { style } from '@vanilla-extract/css';
import { vars } from '@whisp/ui';

export const person = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[3],
  padding: `${vars.space[3]} ${vars.space[4]}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const personLink = style({
  display: 'flex',
  gap: vars.space[3],
  flex: 1,
  minWidth: 0,
  color: 'inherit',
  textDecoration: 'none',
});

export const personText = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });

export const personName = style({ fontWeight: vars.fontWeight.bold });

export const bio = style({ marginTop: vars.space[1], overflowWrap: 'anywhere' });
