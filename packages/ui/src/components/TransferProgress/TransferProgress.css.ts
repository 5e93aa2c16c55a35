import { vars } from '../../theme/contract.css.js';
import { keyframes, style } from '../../theme/layered.css.js';

export const transferStates = ['active', 'done', 'error'] as const;
export type TransferState = (typeof transferStates)[number];

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[2],
  minWidth: 0,
  color: vars.color.text,
});

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  columnGap: vars.space[3],
  rowGap: vars.space[1],
});

export const label = style({ fontWeight: vars.fontWeight.medium });

export const amount = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  // Digits of equal width, so the numbers do not jitter as they count up.
  fontVariantNumeric: 'tabular-nums',
});

export const track = style({
  position: 'relative',
  height: '8px',
  overflow: 'hidden',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.surfaceHover,
  // The track's edge, visible in both themes (the fill alone is not enough for WCAG 1.4.11).
  boxShadow: `inset 0 0 0 1px ${vars.color.border}`,
});

const slide = keyframes({
  from: { transform: 'translateX(-100%)' },
  to: { transform: 'translateX(250%)' },
});

export const indicator = style({
  height: '100%',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.accent,
  transition: `width ${vars.motion.normal} ${vars.motion.easing}`,
  selectors: {
    '[data-state="done"] &': { backgroundColor: vars.color.accent },
    '[data-state="error"] &': { backgroundColor: vars.color.danger },
    '[data-indeterminate] &': {
      width: '40%',
      animation: `${slide} 1.4s ease-in-out infinite`,
    },
  },
  '@media': {
    // Without motion an indeterminate bar is a still, partly filled track; the text says "working".
    '(prefers-reduced-motion: reduce)': {
      transition: 'none',
      selectors: { '[data-indeterminate] &': { animation: 'none', width: '100%', opacity: 0.5 } },
    },
  },
});

export const outcome = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space[2],
  margin: 0,
  fontSize: vars.fontSize.sm,
});

export const doneOutcome = style({ color: vars.color.text });

export const errorOutcome = style({
  padding: vars.space[3],
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.dangerSubtle,
  color: vars.color.danger,
  fontWeight: vars.fontWeight.medium,
});

export const outcomeIcon = style({ flexShrink: 0, marginTop: '1px' });
