import { vars } from '../../theme/contract.css.js';
import { keyframes, style } from '../../theme/layered.css.js';

const fadeIn = keyframes({
  from: { opacity: 0, transform: 'translateY(2px)' },
  to: { opacity: 1, transform: 'none' },
});

export const content = style({
  zIndex: 1000,
  maxWidth: '240px',
  paddingBlock: vars.space[1],
  paddingInline: vars.space[2],
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.tooltipBackground,
  color: vars.color.tooltipText,
  fontFamily: vars.fontFamily.body,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.tight,
  boxShadow: vars.shadow.popover,
  animation: `${fadeIn} ${vars.motion.fast} ${vars.motion.easing}`,
});

export const arrow = style({ fill: vars.color.tooltipBackground });
