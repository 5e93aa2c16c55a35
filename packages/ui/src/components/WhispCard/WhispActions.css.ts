import { vars } from '../../theme/contract.css.js';
import { globalStyle, keyframes, style } from '../../theme/layered.css.js';
import { media } from '../../theme/media.js';

export const actions = style({
  display: 'flex',
  justifyContent: 'space-between',
  maxWidth: '420px',
  marginTop: vars.space[1],
  marginInlineStart: '-8px',
});

const pulse = keyframes({ '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.45 } });

export const action = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space[1],
  minWidth: '36px',
  minHeight: '36px',
  paddingInline: vars.space[2],
  border: 0,
  borderRadius: vars.radius.full,
  background: 'transparent',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: 'tabular-nums',
  cursor: 'pointer',
  transition: `color ${vars.motion.fast} ${vars.motion.easing}, background-color ${vars.motion.fast} ${vars.motion.easing}`,
  '@media': { [media.phone]: { minHeight: '44px', minWidth: '44px' } },
  selectors: {
    '&:hover:not([aria-disabled="true"])': { backgroundColor: vars.color.surfaceHover },
    '&[data-tone="accent"]:hover, &[data-tone="accent"][data-state="on"]': {
      color: vars.color.accent,
    },
    '&[data-tone="rewhisp"]:hover, &[data-tone="rewhisp"][data-state="on"]': {
      color: vars.color.rewhisp,
    },
    '&[data-tone="like"]:hover, &[data-tone="like"][data-state="on"]': { color: vars.color.like },
    '&[aria-disabled="true"]': { cursor: 'not-allowed' },
    '&[aria-disabled="true"]:not([data-pending])': { opacity: 0.55 },
    '&[data-pending]': { cursor: 'progress' },
  },
});

export const icon = style({ display: 'inline-flex', width: '18px', height: '18px' });
globalStyle(`${icon} > svg`, { width: '100%', height: '100%' });
globalStyle(`${action}[data-pending] ${icon}`, { animation: `${pulse} 1s ease-in-out infinite` });

export const count = style({ minWidth: '2ch' });
