import { globalStyle } from '@vanilla-extract/css';
import { vars } from './contract.css.js';
import { resetLayer } from './layers.css.js';

// `@whisp/ui/reset.css`: the page-wide base Whisp's own app is drawn on. Opt-in, because these
// rules reach every element of the page, not just Whisp's: an embedding team that has its own
// base keeps it. All in the `whisp-reset` layer, which loses to the components' `whisp` layer and
// to any unlayered rule of the host.
const inReset = (rule: Parameters<typeof globalStyle>[1]) => ({ '@layer': { [resetLayer]: rule } });

globalStyle('*, *::before, *::after', inReset({ boxSizing: 'border-box' }));

globalStyle(
  'body',
  inReset({
    margin: 0,
    WebkitFontSmoothing: 'antialiased',
    MozOsxFontSmoothing: 'grayscale',
    textSizeAdjust: '100%',
  }),
);

globalStyle('img, svg, video', inReset({ display: 'block', maxWidth: '100%' }));

globalStyle('button, input, textarea, select', inReset({ font: 'inherit', color: 'inherit' }));

// Keyboard users always see where they are; pointer clicks do not leave a ring behind
// (:focus-visible is the browser's own heuristic for that).
globalStyle(
  ':focus-visible',
  inReset({ outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' }),
);

// People who ask the system for reduced motion get none: transitions and animations end at once.
// `!important` because this must win over every component's own timing (an important declaration
// in an earlier layer beats a normal one in any later layer or unlayered).
globalStyle(
  '*, *::before, *::after',
  inReset({
    '@media': {
      '(prefers-reduced-motion: reduce)': {
        animationDuration: '0.01ms !important',
        animationIterationCount: '1 !important',
        transitionDuration: '0.01ms !important',
        // csstype has no `!important` form for this keyword property.
        scrollBehavior: 'auto !important' as 'auto',
      },
    },
  }),
);
