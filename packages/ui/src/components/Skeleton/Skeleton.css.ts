import { vars } from '../../theme/contract.css.js';
import { keyframes, style } from '../../theme/layered.css.js';

const pulse = keyframes({ '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.5 } });

export const skeleton = style({
  display: 'block',
  backgroundColor: vars.color.surfaceHover,
  borderRadius: vars.radius.md,
  animation: `${pulse} 1.6s ease-in-out infinite`,
});

export const circle = style({ borderRadius: vars.radius.full });

export const whisp = style({
  display: 'flex',
  gap: vars.space[3],
  padding: vars.space[4],
  borderBottom: `1px solid ${vars.color.border}`,
});

export const lines = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[2],
  flex: 1,
});

/** A loading row: avatar circle and a line, as in lists of people. */
export const personRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[3],
  paddingBlock: vars.space[2],
});

export const lineRow = style({ paddingBlock: vars.space[2] });

export const stack = style({ display: 'grid', gap: vars.space[2], padding: vars.space[4] });
