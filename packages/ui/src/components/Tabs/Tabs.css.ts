import { vars } from '../../theme/contract.css.js';
import { style } from '../../theme/layered.css.js';

export const list = style({
  display: 'flex',
  borderBottom: `1px solid ${vars.color.border}`,
  overflowX: 'auto',
  scrollbarWidth: 'none',
});

export const trigger = style({
  position: 'relative',
  flex: '1 0 auto',
  minHeight: '48px',
  paddingInline: vars.space[4],
  border: 'none',
  background: 'none',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  cursor: 'pointer',
  transition: `background-color ${vars.motion.fast} ${vars.motion.easing}`,
  selectors: {
    '&:hover': { backgroundColor: vars.color.surfaceHover },
    '&[data-state="active"]': { color: vars.color.text },
    '&[data-state="active"]::after': {
      content: '""',
      position: 'absolute',
      insetInline: '30%',
      bottom: 0,
      height: '4px',
      borderRadius: vars.radius.full,
      backgroundColor: vars.color.accent,
    },
    '&:focus-visible': { outlineOffset: '-2px' },
  },
});

export const content = style({
  ':focus-visible': { outlineOffset: '-2px' },
});
