import { vars } from '../../theme/contract.css.js';
import { style } from '../../theme/layered.css.js';

export const content = style({ maxWidth: '440px' });

export const header = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[3],
  // Clear of the close button in the corner.
  paddingInlineEnd: vars.space[10],
  // A long username wraps instead of pushing the dialog wider than a phone.
  overflowWrap: 'anywhere',
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

export const effects = style({
  margin: 0,
  paddingInlineStart: vars.space[5],
  display: 'grid',
  gap: vars.space[1],
  color: vars.color.textMuted,
  fontSize: vars.fontSize.md,
  lineHeight: 1.4,
});
