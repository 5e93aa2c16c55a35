import { vars } from '../../theme/contract.css.js';
import { style } from '../../theme/layered.css.js';

export const grid = style({
  display: 'grid',
  gap: '2px',
  marginTop: vars.space[2],
  overflow: 'hidden',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  selectors: {
    '&[data-count="1"]': { gridTemplateColumns: '1fr' },
    '&[data-count="2"]': { gridTemplateColumns: '1fr 1fr', aspectRatio: '16 / 9' },
    '&[data-count="3"]': {
      gridTemplateColumns: '1fr 1fr',
      gridTemplateRows: '1fr 1fr',
      aspectRatio: '16 / 9',
    },
    '&[data-count="4"]': {
      gridTemplateColumns: '1fr 1fr',
      gridTemplateRows: '1fr 1fr',
      aspectRatio: '16 / 9',
    },
  },
});

export const tile = style({
  position: 'relative',
  display: 'block',
  minHeight: 0,
  padding: 0,
  border: 0,
  backgroundColor: vars.color.surface,
  cursor: 'zoom-in',
  selectors: {
    [`${grid}[data-count="3"] &:first-child`]: { gridRow: 'span 2' },
    '&:focus-visible': { outlineOffset: '-3px' },
  },
});

export const image = style({
  width: '100%',
  height: '100%',
  objectFit: 'cover',
  selectors: { [`${grid}[data-count="1"] &`]: { maxHeight: '510px', aspectRatio: '16 / 10' } },
});

export const more = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  backgroundColor: 'rgba(13, 12, 16, 0.6)',
  color: '#ffffff',
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
});

export const video = style({
  width: '100%',
  maxHeight: '510px',
  marginTop: vars.space[2],
  borderRadius: vars.radius.lg,
  backgroundColor: '#000000',
});
