import { vars } from '../../theme/contract.css.js';
import { style } from '../../theme/layered.css.js';
import { media } from '../../theme/media.js';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[3],
  margin: 0,
  padding: vars.space[3],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  minWidth: 0,
});

export const legend = style({
  padding: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});

export const options = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[2],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const option = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space[2],
});

export const optionField = style({ flex: 1, minWidth: 0 });

export const removeOption = style({ marginTop: '28px' });

export const settings = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space[4],
  fontSize: vars.fontSize.sm,
});

export const settingLabel = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space[2],
  color: vars.color.text,
  fontWeight: vars.fontWeight.medium,
});

export const select = style({
  minHeight: '32px',
  paddingInline: vars.space[2],
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.background,
  color: vars.color.text,
  '@media': { [media.phone]: { minHeight: '44px' } },
});

/** A switch drawn over a checkbox: the same keyboard and form behaviour, role="switch". */
export const switchInput = style({
  appearance: 'none',
  position: 'relative',
  width: '36px',
  height: '20px',
  margin: 0,
  borderRadius: vars.radius.full,
  border: `1px solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surface,
  cursor: 'pointer',
  transition: `background-color ${vars.motion.fast} ${vars.motion.easing}`,
  '::after': {
    content: '""',
    position: 'absolute',
    top: '2px',
    left: '2px',
    width: '14px',
    height: '14px',
    borderRadius: vars.radius.full,
    backgroundColor: vars.color.textMuted,
    transition: `transform ${vars.motion.fast} ${vars.motion.easing}`,
  },
  selectors: {
    '&:checked': { backgroundColor: vars.color.accent, borderColor: vars.color.accent },
    '&:checked::after': { transform: 'translateX(16px)', backgroundColor: vars.color.onAccent },
  },
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space[2],
});

export const error = style({
  margin: 0,
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
});
