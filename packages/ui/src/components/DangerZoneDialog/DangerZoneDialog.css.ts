import { vars } from '../../theme/contract.css.js';
import { style } from '../../theme/layered.css.js';

export const content = style({ maxWidth: '480px' });

export const header = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[3],
  // Clear of the close button in the corner.
  paddingInlineEnd: vars.space[10],
});

export const icon = style({
  display: 'grid',
  placeItems: 'center',
  flexShrink: 0,
  width: '40px',
  height: '40px',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.dangerSubtle,
  color: vars.color.danger,
});

export const lossTitle = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
});

export const losses = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[1],
  margin: 0,
  paddingInlineStart: vars.space[5],
  color: vars.color.text,
});

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space[4] });

export const formError = style({
  margin: 0,
  padding: vars.space[3],
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.dangerSubtle,
  color: vars.color.danger,
  fontWeight: vars.fontWeight.medium,
});
