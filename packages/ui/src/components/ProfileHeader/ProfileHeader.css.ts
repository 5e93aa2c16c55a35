import { vars } from '../../theme/contract.css.js';
import { globalStyle, style } from '../../theme/layered.css.js';
import { media } from '../../theme/media.js';

export const root = style({
  borderBottom: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.background,
  color: vars.color.text,
});

export const banner = style({
  position: 'relative',
  aspectRatio: '3 / 1',
  overflow: 'hidden',
  // A calm accent wash when there is no banner yet.
  background: `linear-gradient(135deg, ${vars.color.accentSubtle}, ${vars.color.surface})`,
});

export const bannerImage = style({ width: '100%', height: '100%', objectFit: 'cover' });

export const bannerAction = style({
  position: 'absolute',
  right: vars.space[3],
  // Top, not bottom: the avatar row is pulled up over the banner's lower edge and would cover it.
  top: vars.space[3],
});

export const body = style({
  // Positioned like the banner, so the buttons paint above it where they overlap.
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[3],
  paddingInline: vars.space[4],
  paddingBottom: vars.space[4],
});

export const topRow = style({
  display: 'flex',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space[3],
  flexWrap: 'wrap',
  marginTop: '-56px',
  '@media': { [media.phone]: { marginTop: '-40px' } },
});

export const avatar = style({
  border: `4px solid ${vars.color.background}`,
  boxSizing: 'content-box',
  '@media': { [media.phone]: { width: '80px', height: '80px' } },
});

// When avatar and buttons do not fit side by side (a narrow phone), the buttons move under
// the avatar as a whole rather than breaking apart.
export const buttons = style({
  display: 'flex',
  gap: vars.space[2],
  marginInlineStart: 'auto',
  paddingBottom: vars.space[1],
});
// Two buttons beside the avatar must fit a 375 px phone without scrolling sideways.
globalStyle(`${buttons} > button`, {
  '@media': { [media.phone]: { paddingInline: vars.space[3] } },
});

export const names = style({ display: 'flex', flexDirection: 'column', gap: '2px' });

export const displayName = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[1],
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  overflowWrap: 'anywhere',
});

export const username = style({ color: vars.color.textMuted });

export const followsYou = style({
  alignSelf: 'flex-start',
  marginTop: vars.space[1],
  paddingInline: vars.space[2],
  paddingBlock: '2px',
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.surface,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
});

export const bio = style({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });

export const meta = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[1],
  color: vars.color.textMuted,
});

export const counts = style({
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: vars.space[5],
  rowGap: vars.space[1],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const count = style({ color: vars.color.textMuted, whiteSpace: 'nowrap' });

export const countValue = style({ color: vars.color.text, fontWeight: vars.fontWeight.bold });
