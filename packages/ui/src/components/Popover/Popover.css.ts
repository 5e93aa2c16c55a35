import { vars } from '../../theme/contract.css.js';
import { keyframes, style } from '../../theme/layered.css.js';

const fadeIn = keyframes({
  from: { opacity: 0, transform: 'scale(0.97)' },
  to: { opacity: 1, transform: 'none' },
});

export const content = style({
  // Above dialogs (the composer) and their scrim, below toasts.
  zIndex: 1000,
  maxWidth: 'calc(100vw - 16px)',
  padding: vars.space[3],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.background,
  color: vars.color.text,
  boxShadow: vars.shadow.popover,
  animation: `${fadeIn} ${vars.motion.fast} ${vars.motion.easing}`,
  transformOrigin: 'var(--radix-popover-content-transform-origin)',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});
