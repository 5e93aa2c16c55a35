import { globalStyle } from '@vanilla-extract/css';
import { vars } from './contract.css.js';

// A small reset: only what every Whisp screen relies on, so an embedding app keeps its own base.
globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('body', {
  margin: 0,
  WebkitFontSmoothing: 'antialiased',
  MozOsxFontSmoothing: 'grayscale',
  textSizeAdjust: '100%',
});

globalStyle('img, svg, video', { display: 'block', maxWidth: '100%' });

globalStyle('button, input, textarea, select', { font: 'inherit', color: 'inherit' });

// Keyboard users always see where they are; pointer clicks do not leave a ring behind
// (:focus-visible is the browser's own heuristic for that).
globalStyle(':focus-visible', {
  outline: `2px solid ${vars.color.focusRing}`,
  outlineOffset: '2px',
});

// People who ask the system for reduced motion get none: transitions and animations end at once.
// `!important` because this must win over every component's own timing.
globalStyle('*, *::before, *::after', {
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
      // csstype has no `!important` form for this keyword property.
      scrollBehavior: 'auto !important' as 'auto',
    },
  },
});
