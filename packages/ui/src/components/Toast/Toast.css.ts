import { vars } from '../../theme/contract.css.js';
import { keyframes, style } from '../../theme/layered.css.js';
import { media } from '../../theme/media.js';

export const toastVariants = ['default', 'success', 'error'] as const;
export type ToastVariant = (typeof toastVariants)[number];

const slideIn = keyframes({
  from: { opacity: 0, transform: 'translateY(12px)' },
  to: { opacity: 1, transform: 'none' },
});
const fadeOut = keyframes({ from: { opacity: 1 }, to: { opacity: 0 } });

export const viewport = style({
  position: 'fixed',
  zIndex: 1100,
  bottom: vars.space[6],
  left: '50%',
  transform: 'translateX(-50%)',
  display: 'flex',
  // Newest at the bottom, nearest the eye's last position; older ones stack above it.
  flexDirection: 'column',
  gap: vars.space[2],
  width: 'min(420px, calc(100vw - 32px))',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  outline: 'none',
  '@media': {
    // Above the phone's bottom bar.
    [media.phone]: { bottom: `calc(72px + env(safe-area-inset-bottom))` },
  },
});

export const toast = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[3],
  paddingBlock: vars.space[3],
  paddingInline: vars.space[4],
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.tooltipBackground,
  color: vars.color.tooltipText,
  boxShadow: vars.shadow.popover,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
  selectors: {
    '&[data-state="open"]': { animation: `${slideIn} ${vars.motion.normal} ${vars.motion.easing}` },
    '&[data-state="closed"]': { animation: `${fadeOut} ${vars.motion.fast} ${vars.motion.easing}` },
    '&[data-swipe="move"]': { transform: 'translateX(var(--radix-toast-swipe-move-x))' },
    '&[data-swipe="end"]': { animation: `${fadeOut} ${vars.motion.fast} ${vars.motion.easing}` },
    '&[data-variant="error"]': { backgroundColor: vars.color.danger, color: vars.color.onDanger },
  },
});

export const icon = style({ display: 'inline-flex', flexShrink: 0, width: '18px', height: '18px' });

export const title = style({ flex: 1, margin: 0 });

export const action = style({
  flexShrink: 0,
  minHeight: '28px',
  paddingInline: vars.space[3],
  border: '1px solid currentColor',
  borderRadius: vars.radius.full,
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  fontWeight: vars.fontWeight.semibold,
  cursor: 'pointer',
  ':hover': { backgroundColor: 'rgba(127, 127, 127, 0.25)' },
  ':focus-visible': { outlineColor: 'currentColor' },
});

export const close = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '28px',
  height: '28px',
  flexShrink: 0,
  border: 'none',
  borderRadius: vars.radius.full,
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
  ':hover': { backgroundColor: 'rgba(127, 127, 127, 0.25)' },
  ':focus-visible': { outlineColor: 'currentColor' },
});
