import { vars } from '../../theme/contract.css.js';
import { globalStyle, keyframes, style } from '../../theme/layered.css.js';
import { media } from '../../theme/media.js';

/** Product spec: under 600 px the post menu takes the phone's presentation, a bottom sheet. */
export const sheetQuery = media.sheet;

const fadeIn = keyframes({
  from: { opacity: 0, transform: 'scale(0.97)' },
  to: { opacity: 1, transform: 'none' },
});
const slideUp = keyframes({ from: { transform: 'translateY(100%)' }, to: { transform: 'none' } });

export const content = style({
  zIndex: 950,
  minWidth: '200px',
  padding: vars.space[1],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.background,
  color: vars.color.text,
  boxShadow: vars.shadow.popover,
  animation: `${fadeIn} ${vars.motion.fast} ${vars.motion.easing}`,
  transformOrigin: 'var(--radix-dropdown-menu-content-transform-origin)',
  '@media': {
    [sheetQuery]: {
      width: '100vw',
      paddingBlock: vars.space[3],
      paddingBottom: `calc(${vars.space[3]} + env(safe-area-inset-bottom))`,
      borderRadius: `${vars.radius.xl} ${vars.radius.xl} 0 0`,
      borderBottom: 'none',
      animation: `${slideUp} ${vars.motion.normal} ${vars.motion.easing}`,
    },
  },
});

// Radix positions the menu next to its trigger through an inline transform on a wrapper; on a
// phone the wrapper is pinned to the bottom edge instead, which turns the same menu (same
// keyboard and screen-reader behaviour) into a bottom sheet. `!important` beats the inline style.
globalStyle(`[data-radix-popper-content-wrapper]:has(> ${content})`, {
  '@media': {
    [sheetQuery]: {
      transform: 'none !important',
      top: 'auto !important',
      bottom: '0 !important',
      left: '0 !important',
      right: '0 !important',
      minWidth: '0 !important',
    },
  },
});

/** The dimmed page behind the sheet; Radix's modal menu already blocks clicks outside. */
export const sheetScrim = style({
  display: 'none',
  '@media': {
    [sheetQuery]: {
      display: 'block',
      position: 'fixed',
      inset: 0,
      zIndex: 949,
      backgroundColor: vars.color.overlay,
    },
  },
});

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[3],
  minHeight: '40px',
  paddingInline: vars.space[3],
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
  cursor: 'pointer',
  outline: 'none',
  userSelect: 'none',
  selectors: {
    '&[data-highlighted]': { backgroundColor: vars.color.surfaceHover },
    '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
    '&[data-variant="danger"]': { color: vars.color.danger },
  },
  '@media': { [sheetQuery]: { minHeight: '48px', fontSize: vars.fontSize.lg } },
});

globalStyle(`${item} > svg`, { width: '18px', height: '18px', flexShrink: 0 });

export const separator = style({
  height: '1px',
  marginBlock: vars.space[1],
  backgroundColor: vars.color.border,
});
