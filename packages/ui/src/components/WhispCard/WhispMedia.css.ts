import { vars } from '../../theme/contract.css.js';
import { style } from '../../theme/layered.css.js';
import { media } from '../../theme/media.js';

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

/** A tile and its ALT badge, side by side in the DOM (a button cannot hold another). */
export const cell = style({
  position: 'relative',
  minHeight: 0,
  selectors: { [`${grid}[data-count="3"] &:first-child`]: { gridRow: 'span 2' } },
});

export const tile = style({
  position: 'relative',
  display: 'block',
  width: '100%',
  height: '100%',
  minHeight: 0,
  padding: 0,
  border: 0,
  backgroundColor: vars.color.surface,
  cursor: 'zoom-in',
  selectors: {
    '&:focus-visible': { outlineOffset: '-3px' },
  },
});

export const image = style({
  // Above the blurhash painted under it; transparent until it has loaded.
  position: 'relative',
  display: 'block',
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

export const altBadge = style({
  position: 'absolute',
  left: vars.space[2],
  bottom: vars.space[2],
  minWidth: '32px',
  minHeight: '24px',
  padding: `0 ${vars.space[2]}`,
  border: 0,
  borderRadius: vars.radius.sm,
  // Dark on any photo, light or dark theme: the badge must stay legible over the image.
  backgroundColor: 'rgba(13, 12, 16, 0.78)',
  color: '#ffffff',
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '0.04em',
  cursor: 'pointer',
  selectors: {
    '&:hover, &[data-state="open"]': { backgroundColor: 'rgba(13, 12, 16, 0.92)' },
    '&:focus-visible': { outline: '2px solid #ffffff', outlineOffset: '2px' },
  },
});

export const description = style({
  margin: `${vars.space[2]} 0 0`,
  padding: vars.space[3],
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  lineHeight: 1.4,
  whiteSpace: 'pre-wrap',
});

export const descriptionLabel = style({
  display: 'block',
  marginBottom: vars.space[1],
  fontWeight: vars.fontWeight.bold,
});

/** The blurred stand-in under a picture: stretched to the frame, smoothed by the browser. */
export const placeholder = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
});

export const animated = style({
  position: 'relative',
  width: '100%',
  maxHeight: '510px',
  aspectRatio: '16 / 10',
  marginTop: vars.space[2],
  overflow: 'hidden',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.surface,
});

export const animatedImage = style({
  position: 'relative',
  display: 'block',
  width: '100%',
  height: '100%',
  objectFit: 'cover',
});

/** Dark on any picture, in either theme, like the ALT badge. */
export const gifBadge = style({
  position: 'absolute',
  left: vars.space[2],
  bottom: vars.space[2],
  paddingInline: vars.space[2],
  borderRadius: vars.radius.sm,
  backgroundColor: 'rgba(13, 12, 16, 0.78)',
  color: '#ffffff',
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  lineHeight: '24px',
  letterSpacing: '0.04em',
});

/** Held still: a large Play in the middle; playing: a small Pause in the corner. */
export const playToggle = style({
  position: 'absolute',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  border: 0,
  borderRadius: vars.radius.full,
  backgroundColor: 'rgba(13, 12, 16, 0.78)',
  color: '#ffffff',
  cursor: 'pointer',
  selectors: {
    '&:hover': { backgroundColor: 'rgba(13, 12, 16, 0.92)' },
    '&:focus-visible': { outline: '2px solid #ffffff', outlineOffset: '2px' },
    [`${animated}[data-state="still"] &`]: {
      top: '50%',
      left: '50%',
      width: '56px',
      height: '56px',
      transform: 'translate(-50%, -50%)',
    },
    [`${animated}[data-state="playing"] &`]: {
      right: vars.space[2],
      bottom: vars.space[2],
      width: '32px',
      height: '32px',
    },
  },
  '@media': {
    [media.phone]: {
      selectors: {
        [`${animated}[data-state="playing"] &`]: { width: '44px', height: '44px' },
      },
    },
  },
});
