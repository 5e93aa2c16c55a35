import { vars } from '../../theme/contract.css.js';
import { keyframes, type StyleRule, style, styleVariants } from '../../theme/layered.css.js';

export const avatarSizes = ['sm', 'md', 'lg', 'xl'] as const;
export type AvatarSize = (typeof avatarSizes)[number];

export const root = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  overflow: 'hidden',
  borderRadius: vars.radius.full,
  // Initials on the solid accent: visible on every surface, tinted unread rows included.
  backgroundColor: vars.color.accent,
  color: vars.color.onAccent,
  fontWeight: vars.fontWeight.semibold,
  userSelect: 'none',
  verticalAlign: 'middle',
  // A hairline ring keeps pictures as pale as the page from melting into it.
  boxShadow: `inset 0 0 0 1px ${vars.color.border}`,
  selectors: {
    // The initials (see Avatar.tsx for why they are not text).
    '&::before': { content: 'attr(data-initials)', lineHeight: 1 },
  },
});

export const size = styleVariants({
  sm: { width: '32px', height: '32px', fontSize: vars.fontSize.xs },
  md: { width: '40px', height: '40px', fontSize: vars.fontSize.sm },
  lg: { width: '48px', height: '48px', fontSize: vars.fontSize.md },
  xl: { width: '112px', height: '112px', fontSize: vars.fontSize.display },
} satisfies Record<AvatarSize, StyleRule>);

/** Over the initials, which show through while it loads (an image paints nothing until then). */
export const image = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  objectFit: 'cover',
  borderRadius: 'inherit',
});

const appear = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });

/**
 * Under a picture that is loading, the initials stay out of sight for 300 ms (in CSS, no timer per
 * avatar), so a picture that comes quickly replaces the plain circle without flashing letters. A
 * step, not a fade (1 ms), so reduced motion has nothing to turn off.
 */
export const withPicture = style({
  selectors: { '&::before': { animation: `${appear} 1ms 300ms both` } },
});
