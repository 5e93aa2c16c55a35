import { vars } from '../../theme/contract.css.js';
import { style } from '../../theme/layered.css.js';

export const content = style({
  width: 'min(1100px, calc(100vw - 32px))',
  padding: vars.space[4],
  alignItems: 'center',
});

export const stage = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '100%',
  minHeight: '50vh',
});

export const image = style({
  maxWidth: '100%',
  maxHeight: 'calc(100dvh - 160px)',
  objectFit: 'contain',
  borderRadius: vars.radius.md,
});

export const navigation = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space[4],
});

export const position = style({ fontVariantNumeric: 'tabular-nums', color: vars.color.text });

export const caption = style({
  maxWidth: '70ch',
  margin: 0,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  lineHeight: 1.4,
  whiteSpace: 'pre-wrap',
});
