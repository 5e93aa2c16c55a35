import { vars } from '../../theme/contract.css.js';
import { globalStyle, style } from '../../theme/layered.css.js';
import { media } from '../../theme/media.js';

export const nav = style({
  position: 'sticky',
  top: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[1],
  height: '100dvh',
  paddingBlock: vars.space[3],
  paddingInline: vars.space[2],
  backgroundColor: vars.color.background,
  color: vars.color.text,
  '@media': {
    [media.phone]: { display: 'none' },
    [media.compact]: { alignItems: 'center', width: '76px' },
    [media.navigationLabels]: { width: '260px' },
  },
});

export const brand = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space[2],
  minHeight: '48px',
  paddingInline: vars.space[3],
  marginBottom: vars.space[2],
  color: vars.color.accent,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  textDecoration: 'none',
  borderRadius: vars.radius.full,
});

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[1],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const link = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  // Room for a "99+" badge between the icon and its label.
  gap: vars.space[5],
  minHeight: '48px',
  paddingInline: vars.space[3],
  borderRadius: vars.radius.full,
  color: vars.color.text,
  fontSize: vars.fontSize.lg,
  textDecoration: 'none',
  transition: `background-color ${vars.motion.fast} ${vars.motion.easing}`,
  selectors: {
    '&:hover': { backgroundColor: vars.color.surfaceHover },
    '&[aria-current="page"]': { fontWeight: vars.fontWeight.bold },
  },
});

export const icon = style({
  position: 'relative',
  display: 'inline-flex',
  width: '26px',
  height: '26px',
});
globalStyle(`${icon} > svg`, { width: '100%', height: '100%' });

// Between 769 and 1279 px the label becomes a tooltip that shows on hover and keyboard focus;
// it stays in the link's name either way.
export const label = style({
  '@media': {
    [media.compact]: {
      position: 'absolute',
      left: 'calc(100% + 8px)',
      top: '50%',
      transform: 'translateY(-50%)',
      zIndex: 10,
      paddingBlock: vars.space[1],
      paddingInline: vars.space[2],
      borderRadius: vars.radius.sm,
      backgroundColor: vars.color.tooltipBackground,
      color: vars.color.tooltipText,
      fontSize: vars.fontSize.sm,
      fontWeight: vars.fontWeight.medium,
      whiteSpace: 'nowrap',
      pointerEvents: 'none',
      opacity: 0,
      transition: `opacity ${vars.motion.fast} ${vars.motion.easing}`,
      selectors: {
        [`${link}:hover &, ${link}:focus-visible &`]: { opacity: 1 },
      },
    },
  },
});

export const badge = style({
  position: 'absolute',
  top: '-6px',
  // Anchored at the icon's middle and growing rightwards, so "99+" never hides the icon.
  left: '50%',
  minWidth: '18px',
  height: '18px',
  paddingInline: '4px',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.accent,
  color: vars.color.onAccent,
  fontSize: '11px',
  fontWeight: vars.fontWeight.bold,
  lineHeight: '18px',
  textAlign: 'center',
  boxShadow: `0 0 0 2px ${vars.color.background}`,
});

export const compose = style({
  marginTop: vars.space[3],
  '@media': { [media.compact]: { width: '52px', height: '52px', minHeight: '52px', padding: 0 } },
});

export const composeLabel = style({ '@media': { [media.compact]: { display: 'none' } } });
export const composeIcon = style({
  display: 'none',
  '@media': { [media.compact]: { display: 'inline-flex' } },
});

export const footer = style({ marginTop: 'auto' });

export const logout = style({ width: '100%', border: 0, background: 'none', cursor: 'pointer' });
