import { vars } from '../../theme/contract.css.js';
import { style } from '../../theme/layered.css.js';
import { media } from '../../theme/media.js';

// The card itself is sign-in's (AuthCard.css.ts): a consent is a step of signing in, to an app.

export const heading = style({ display: 'flex', flexDirection: 'column', gap: vars.space[2] });

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  overflowWrap: 'anywhere',
});

export const username = style({ color: vars.color.accent, whiteSpace: 'nowrap' });

export const website = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space[1],
  alignSelf: 'flex-start',
  minHeight: '24px',
  color: vars.color.accent,
  fontWeight: vars.fontWeight.medium,
  overflowWrap: 'anywhere',
  textUnderlineOffset: '3px',
});

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space[2] });

export const sectionTitle = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
});

export const scopes = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[2],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const scope = style({
  display: 'grid',
  gridTemplateColumns: '20px 1fr',
  columnGap: vars.space[2],
  alignItems: 'start',
});

export const scopeIcon = style({ marginTop: '1px', color: vars.color.accent });

export const scopeName = style({
  display: 'block',
  color: vars.color.textMuted,
  fontFamily: vars.fontFamily.mono,
  fontSize: vars.fontSize.xs,
});

export const returns = style({
  margin: 0,
  padding: vars.space[3],
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});

export const returnPlace = style({ color: vars.color.text, fontWeight: vars.fontWeight.semibold });

export const actions = style({
  display: 'flex',
  gap: vars.space[3],
  '@media': { [media.phone]: { flexDirection: 'column' } },
});

export const action = style({
  flex: 1,
  // A 44 px target on phones (STYLE.md), where a finger is the pointer.
  '@media': { [media.phone]: { minHeight: '44px' } },
});

export const footnote = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  textAlign: 'center',
});

export const loading = style({ display: 'grid', placeItems: 'center', minHeight: '160px' });
