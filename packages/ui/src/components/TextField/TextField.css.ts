import { vars } from '../../theme/contract.css.js';
import { style } from '../../theme/layered.css.js';

// Shared by TextField and TextArea: label above, control, then a row with error/hint and counter.

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space[1] });

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});

export const control = style({
  width: '100%',
  minHeight: '44px',
  paddingBlock: vars.space[2],
  paddingInline: vars.space[3],
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.background,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.body,
  transition: `border-color ${vars.motion.fast} ${vars.motion.easing}`,
  '::placeholder': { color: vars.color.textMuted, opacity: 1 },
  selectors: {
    '&:focus-visible': { outlineOffset: '0', borderColor: vars.color.accent },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    '&:disabled': { opacity: 0.6, cursor: 'not-allowed' },
  },
});

export const textarea = style({ minHeight: '96px', resize: 'vertical' });

export const meta = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'flex-start',
  gap: vars.space[3],
  minHeight: '18px',
  fontSize: vars.fontSize.sm,
});

export const hint = style({ margin: 0, color: vars.color.textMuted });

export const error = style({
  margin: 0,
  color: vars.color.danger,
  fontWeight: vars.fontWeight.medium,
});

export const counter = style({
  marginInlineStart: 'auto',
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
  selectors: {
    '&[data-state="warning"]': { color: vars.color.danger },
    '&[data-state="over"]': { color: vars.color.danger, fontWeight: vars.fontWeight.bold },
  },
});
