import { vars } from '../../theme/contract.css.js';
import { style } from '../../theme/layered.css.js';
import { media } from '../../theme/media.js';

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[5],
  width: 'min(440px, 100%)',
  padding: vars.space[8],
  borderRadius: vars.radius.xl,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.background,
  color: vars.color.text,
  '@media': { [media.phone]: { padding: vars.space[5], border: 'none' } },
});

export const brand = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space[2],
  color: vars.color.accent,
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
});

export const subtitle = style({ margin: 0, color: vars.color.textMuted });

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space[3] });

export const formError = style({
  margin: 0,
  padding: vars.space[3],
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.dangerSubtle,
  color: vars.color.danger,
  fontWeight: vars.fontWeight.medium,
});

export const notice = style({
  margin: 0,
  padding: vars.space[3],
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.accentSubtle,
  color: vars.color.text,
});

export const switches = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space[1],
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const linkButton = style({
  padding: 0,
  minHeight: '24px',
  border: 0,
  background: 'none',
  color: vars.color.accent,
  fontWeight: vars.fontWeight.semibold,
  textDecoration: 'underline',
  textUnderlineOffset: '3px',
  cursor: 'pointer',
});

export const providers = style({ display: 'flex', flexDirection: 'column', gap: vars.space[3] });

/** "or" between two hairlines, above the other ways in. */
export const providersDivider = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[3],
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  selectors: {
    '&::before, &::after': {
      content: '""',
      flex: 1,
      borderTop: `1px solid ${vars.color.border}`,
    },
  },
});

export const providerList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[2],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

// A long provider name wraps inside the card rather than running out of it (buttons keep one line).
export const providerButton = style({
  width: '100%',
  whiteSpace: 'normal',
  textAlign: 'center',
  paddingBlock: vars.space[2],
});
