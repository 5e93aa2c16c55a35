import { vars } from '../../theme/contract.css.js';
import { type StyleRule, style, styleVariants } from '../../theme/layered.css.js';

export const buttonVariants = ['primary', 'secondary', 'ghost', 'danger'] as const;
export type ButtonVariant = (typeof buttonVariants)[number];

export const buttonSizes = ['sm', 'md', 'lg'] as const;
export type ButtonSize = (typeof buttonSizes)[number];

export const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space[2],
  flexShrink: 0,
  border: '1px solid transparent',
  borderRadius: vars.radius.full,
  fontFamily: 'inherit',
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  userSelect: 'none',
  transitionProperty: 'background-color, border-color, color, opacity',
  transitionDuration: vars.motion.fast,
  transitionTimingFunction: vars.motion.easing,
  selectors: {
    '&:disabled, &[aria-disabled="true"]': { cursor: 'not-allowed' },
    // Loading keeps full colour: the button is busy, not unavailable.
    '&:disabled:not([data-loading]), &[aria-disabled="true"]:not([data-loading])': {
      opacity: 0.5,
    },
    '&[data-loading]': { cursor: 'progress' },
  },
});

/** Hover styles only when the button can act, so a disabled button does not look live. */
const whenActive = '&:hover:not(:disabled):not([aria-disabled="true"])';

export const variant = styleVariants({
  primary: {
    backgroundColor: vars.color.accent,
    color: vars.color.onAccent,
    selectors: { [whenActive]: { backgroundColor: vars.color.accentHover } },
  },
  secondary: {
    backgroundColor: vars.color.background,
    color: vars.color.text,
    borderColor: vars.color.borderStrong,
    selectors: { [whenActive]: { backgroundColor: vars.color.surfaceHover } },
  },
  ghost: {
    backgroundColor: 'transparent',
    color: vars.color.text,
    selectors: { [whenActive]: { backgroundColor: vars.color.surfaceHover } },
  },
  danger: {
    backgroundColor: vars.color.danger,
    color: vars.color.onDanger,
    selectors: { [whenActive]: { backgroundColor: vars.color.dangerHover } },
  },
} satisfies Record<ButtonVariant, StyleRule>);

// Every size stays at least 32 px tall; sm is for dense rows, lg for the one call to action.
export const size = styleVariants({
  sm: {
    minHeight: '32px',
    paddingInline: vars.space[3],
    fontSize: vars.fontSize.sm,
  },
  md: {
    minHeight: '40px',
    paddingInline: vars.space[4],
    fontSize: vars.fontSize.md,
  },
  lg: {
    minHeight: '48px',
    paddingInline: vars.space[6],
    fontSize: vars.fontSize.lg,
  },
} satisfies Record<ButtonSize, StyleRule>);
