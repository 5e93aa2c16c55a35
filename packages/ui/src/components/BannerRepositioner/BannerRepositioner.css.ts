import { vars } from '../../theme/contract.css.js';
import { style } from '../../theme/layered.css.js';

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space[3] });

export const surface = style({
  position: 'relative',
  aspectRatio: '3 / 1',
  overflow: 'hidden',
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.surface,
  cursor: 'grab',
  touchAction: 'none',
  userSelect: 'none',
  selectors: {
    '&[data-dragging]': { cursor: 'grabbing' },
    '&:focus-visible': { outlineOffset: '3px' },
  },
});

export const image = style({
  width: '100%',
  height: '100%',
  objectFit: 'cover',
  pointerEvents: 'none',
});

export const hint = style({
  position: 'absolute',
  left: '50%',
  top: '50%',
  transform: 'translate(-50%, -50%)',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space[2],
  paddingBlock: vars.space[1],
  paddingInline: vars.space[3],
  borderRadius: vars.radius.full,
  backgroundColor: 'rgba(13, 12, 16, 0.7)',
  color: '#ffffff',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  whiteSpace: 'nowrap',
  pointerEvents: 'none',
});

export const footer = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space[3],
  flexWrap: 'wrap',
});

export const position = style({
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
  fontSize: vars.fontSize.sm,
});

export const buttons = style({ display: 'flex', gap: vars.space[2] });

export const error = style({
  margin: 0,
  color: vars.color.danger,
  fontWeight: vars.fontWeight.medium,
});
