import { vars } from '../../theme/contract.css.js';
import { keyframes, style } from '../../theme/layered.css.js';
import { media } from '../../theme/media.js';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const riseIn = keyframes({
  from: { opacity: 0, transform: 'translate(-50%, -48%) scale(0.98)' },
  to: { opacity: 1, transform: 'translate(-50%, -50%)' },
});
const slideUp = keyframes({
  from: { transform: 'translateY(24px)', opacity: 0 },
  to: { transform: 'none', opacity: 1 },
});

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 900,
  backgroundColor: vars.color.overlay,
  animation: `${fadeIn} ${vars.motion.normal} ${vars.motion.easing}`,
});

export const content = style({
  position: 'fixed',
  zIndex: 901,
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[4],
  width: 'min(600px, calc(100vw - 32px))',
  maxHeight: 'calc(100dvh - 48px)',
  overflowY: 'auto',
  padding: vars.space[5],
  borderRadius: vars.radius.xl,
  backgroundColor: vars.color.background,
  color: vars.color.text,
  boxShadow: vars.shadow.popover,
  animation: `${riseIn} ${vars.motion.normal} ${vars.motion.easing}`,
  ':focus': { outline: 'none' },
  '@media': {
    // On phones a dialog fills the screen: no tiny floating card above the keyboard.
    [media.phone]: {
      top: 0,
      left: 0,
      transform: 'none',
      width: '100%',
      height: '100dvh',
      maxHeight: 'none',
      borderRadius: 0,
      animation: `${slideUp} ${vars.motion.normal} ${vars.motion.easing}`,
    },
  },
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space[3],
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  // "Block @someone@a-long-server.example?": a handle is one word, longer than a phone is wide.
  overflowWrap: 'anywhere',
});

export const description = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.md,
  overflowWrap: 'anywhere',
});

export const footer = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space[2],
  flexWrap: 'wrap',
});

export const closeButton = style({
  position: 'absolute',
  top: vars.space[3],
  right: vars.space[3],
});
