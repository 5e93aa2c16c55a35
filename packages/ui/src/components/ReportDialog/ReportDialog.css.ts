import { vars } from '../../theme/contract.css.js';
import { style } from '../../theme/layered.css.js';
import { breakpoints } from '../../theme/media.js';

export const content = style({ maxWidth: '480px' });

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space[4] });

// Two columns where there is room, so the eight reasons fit a laptop's screen without scrolling.
export const reasons = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: vars.space[1],
  margin: 0,
  padding: 0,
  border: 'none',
  minWidth: 0,
  '@media': {
    [`screen and (min-width: ${breakpoints.sheet}px)`]: { gridTemplateColumns: '1fr 1fr' },
  },
});

export const legend = style({
  fontWeight: vars.fontWeight.semibold,
  marginBottom: vars.space[1],
  padding: 0,
});

export const reason = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[3],
  // A whole row to tap, 44 px tall as fingers need.
  minHeight: '44px',
  paddingInline: vars.space[3],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  cursor: 'pointer',
  selectors: {
    '&:hover': { backgroundColor: vars.color.surfaceHover },
    '&[data-state="checked"]': {
      borderColor: vars.color.accent,
      backgroundColor: vars.color.accentSubtle,
    },
  },
});

export const forward = style({ display: 'flex', flexDirection: 'column', gap: vars.space[1] });

export const forwardLabel = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[3],
  // As tall as a reason row: the whole line is the target.
  minHeight: '44px',
  fontWeight: vars.fontWeight.medium,
  cursor: 'pointer',
});

export const checkbox = style({
  flexShrink: 0,
  width: '18px',
  height: '18px',
  margin: 0,
  accentColor: vars.color.accent,
});

// Lined up with the label's text, past the checkbox and the gap.
export const forwardHint = style({
  margin: 0,
  paddingInlineStart: `calc(18px + ${vars.space[3]})`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const missing = style({ gridColumn: '1 / -1' });

export const error = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.sm });
