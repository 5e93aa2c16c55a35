import { vars } from '../../theme/contract.css.js';
import { type StyleRule, style, styleVariants } from '../../theme/layered.css.js';

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
});

export const size = styleVariants({
  sm: { width: '32px', height: '32px', fontSize: vars.fontSize.xs },
  md: { width: '40px', height: '40px', fontSize: vars.fontSize.sm },
  lg: { width: '48px', height: '48px', fontSize: vars.fontSize.md },
  xl: { width: '112px', height: '112px', fontSize: vars.fontSize.display },
} satisfies Record<AvatarSize, StyleRule>);

export const image = style({ width: '100%', height: '100%', objectFit: 'cover' });

export const fallback = style({ lineHeight: 1 });
