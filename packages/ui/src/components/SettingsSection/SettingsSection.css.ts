import { vars } from '../../theme/contract.css.js';
import { style } from '../../theme/layered.css.js';

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  paddingBlock: vars.space[4],
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.text,
});

export const title = style({
  margin: 0,
  paddingInline: vars.space[4],
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
});

export const description = style({
  margin: 0,
  paddingInline: vars.space[4],
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const rows = style({ display: 'flex', flexDirection: 'column', marginTop: vars.space[2] });

export const row = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space[4],
  minHeight: '52px',
  paddingInline: vars.space[4],
  paddingBlock: vars.space[2],
});

export const rowText = style({ display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 });

export const rowLabel = style({ fontWeight: vars.fontWeight.medium });

export const rowHint = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const value = style({
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
  textAlign: 'end',
});

export const switchRoot = style({
  position: 'relative',
  flexShrink: 0,
  width: '44px',
  height: '26px',
  margin: 0,
  appearance: 'none',
  borderRadius: vars.radius.full,
  border: `1px solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surfaceHover,
  cursor: 'pointer',
  transition: `background-color ${vars.motion.fast} ${vars.motion.easing}`,
  '::before': {
    content: '""',
    position: 'absolute',
    top: '2px',
    left: '2px',
    width: '20px',
    height: '20px',
    borderRadius: vars.radius.full,
    backgroundColor: vars.color.textMuted,
    transition: `transform ${vars.motion.fast} ${vars.motion.easing}, background-color ${vars.motion.fast}`,
  },
  selectors: {
    '&:checked': { backgroundColor: vars.color.accent, borderColor: vars.color.accent },
    '&:checked::before': { transform: 'translateX(18px)', backgroundColor: vars.color.onAccent },
    '&:disabled': { opacity: 0.5, cursor: 'not-allowed' },
  },
});
