import { vars } from '../../theme/contract.css.js';
import { globalStyle, type StyleRule, style, styleVariants } from '../../theme/layered.css.js';
import { media } from '../../theme/media.js';

export const iconButtonVariants = ['ghost', 'solid'] as const;
export type IconButtonVariant = (typeof iconButtonVariants)[number];

export const iconButtonSizes = ['sm', 'md'] as const;
export type IconButtonSize = (typeof iconButtonSizes)[number];

export const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  padding: 0,
  // WCAG 2.2 target size: 24 px everywhere, 44 px where fingers do the pointing.
  minWidth: '24px',
  minHeight: '24px',
  border: '1px solid transparent',
  borderRadius: vars.radius.full,
  cursor: 'pointer',
  transitionProperty: 'background-color, color',
  transitionDuration: vars.motion.fast,
  transitionTimingFunction: vars.motion.easing,
  '@media': {
    [media.phone]: { minWidth: '44px', minHeight: '44px' },
  },
  selectors: {
    '&:disabled': { cursor: 'not-allowed', opacity: 0.5 },
    // Unavailable but still focusable, so its tooltip can say why (a poll beside media).
    '&[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.5 },
  },
});

const whenActive = '&:hover:not(:disabled)';

export const variant = styleVariants({
  ghost: {
    backgroundColor: 'transparent',
    color: vars.color.textMuted,
    selectors: {
      [whenActive]: { backgroundColor: vars.color.surfaceHover, color: vars.color.text },
      '&[aria-pressed="true"]': {
        backgroundColor: vars.color.accentSubtle,
        color: vars.color.accent,
      },
    },
  },
  solid: {
    backgroundColor: vars.color.surface,
    color: vars.color.text,
    borderColor: vars.color.borderStrong,
    selectors: {
      [whenActive]: { backgroundColor: vars.color.surfaceHover },
      '&[aria-pressed="true"]': {
        backgroundColor: vars.color.accent,
        borderColor: vars.color.accent,
        color: vars.color.onAccent,
      },
    },
  },
} satisfies Record<IconButtonVariant, StyleRule>);

export const size = styleVariants({
  sm: { width: '28px', height: '28px' },
  md: { width: '36px', height: '36px' },
} satisfies Record<IconButtonSize, StyleRule>);

// Lucide icons draw at 24 px; 20 px (16 px small) sits better inside the circle.
export const iconSize = styleVariants({
  sm: { display: 'inline-flex', width: '16px', height: '16px' },
  md: { display: 'inline-flex', width: '20px', height: '20px' },
} satisfies Record<IconButtonSize, StyleRule>);

for (const iconClass of Object.values(iconSize)) {
  globalStyle(`${iconClass} > svg`, { width: '100%', height: '100%' });
}
