import { keyframes, type StyleRule, style, styleVariants } from '../../theme/layered.css.js';

export const spinnerSizes = ['sm', 'md', 'lg'] as const;
export type SpinnerSize = (typeof spinnerSizes)[number];

const spin = keyframes({
  to: { transform: 'rotate(360deg)' },
});

export const root = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  // Follows the text colour around it, so it reads on any button or surface.
  color: 'inherit',
});

export const ring = style({
  display: 'block',
  borderRadius: '50%',
  borderStyle: 'solid',
  borderColor: 'currentColor',
  // A quarter left transparent is what makes the rotation visible; under reduced motion the
  // global rule stops it, and the open ring still reads as "in progress".
  borderRightColor: 'transparent',
  animation: `${spin} 700ms linear infinite`,
});

export const size = styleVariants({
  sm: { width: '1em', height: '1em', borderWidth: '2px' },
  md: { width: '24px', height: '24px', borderWidth: '2.5px' },
  lg: { width: '40px', height: '40px', borderWidth: '3px' },
} satisfies Record<SpinnerSize, StyleRule>);
