import { style } from '@vanilla-extract/css';
import { vars } from '@whisp/ui';

export const topic = style({
  borderBottom: `1px solid ${vars.color.border}`,
  paddingBlock: vars.space[3],
});

export const question = style({
  cursor: 'pointer',
  fontWeight: vars.fontWeight.semibold,
  minHeight: '24px',
});
