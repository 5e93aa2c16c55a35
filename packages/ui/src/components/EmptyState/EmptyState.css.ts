import { vars } from '../../theme/contract.css.js';
import { globalStyle, style } from '../../theme/layered.css.js';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space[2],
  paddingBlock: vars.space[10],
  paddingInline: vars.space[6],
  textAlign: 'center',
});

export const icon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '56px',
  height: '56px',
  marginBottom: vars.space[2],
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.accentSubtle,
  color: vars.color.accent,
});
globalStyle(`${icon} > svg`, { width: '26px', height: '26px' });

export const dangerIcon = style({
  backgroundColor: vars.color.dangerSubtle,
  color: vars.color.danger,
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
});

export const description = style({ margin: 0, maxWidth: '40ch', color: vars.color.textMuted });

export const action = style({ marginTop: vars.space[3] });

/** An error's message is the point of the block: body colour, not muted. */
export const message = style([description, { color: vars.color.text }]);
