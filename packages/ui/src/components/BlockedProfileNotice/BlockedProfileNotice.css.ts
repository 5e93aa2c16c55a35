import { vars } from '../../theme/contract.css.js';
import { style } from '../../theme/layered.css.js';
import { media } from '../../theme/media.js';

export const root = style({
  borderBottom: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.background,
  color: vars.color.text,
});

// The banner is the member's own content: a blocked profile shows the plain wash instead.
export const banner = style({
  aspectRatio: '4 / 1',
  background: `linear-gradient(135deg, ${vars.color.surfaceHover}, ${vars.color.surface})`,
});

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: '2px',
  paddingInline: vars.space[4],
  paddingBottom: vars.space[4],
});

export const avatar = style({
  marginTop: '-48px',
  marginBottom: vars.space[2],
  border: `4px solid ${vars.color.background}`,
  boxSizing: 'content-box',
  '@media': { [media.phone]: { width: '80px', height: '80px', marginTop: '-40px' } },
});

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

export const username = style({ color: vars.color.textMuted, overflowWrap: 'anywhere' });

export const notice = style({
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: vars.space[3],
  alignSelf: 'stretch',
  marginTop: vars.space[4],
  padding: vars.space[4],
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
});

export const icon = style({
  flexShrink: 0,
  width: '24px',
  height: '24px',
  color: vars.color.danger,
});

export const noticeText = style({ flex: '1 1 220px', minWidth: 0 });

export const noticeTitle = style({
  margin: 0,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.lg,
  overflowWrap: 'anywhere',
});

export const noticeHint = style({ margin: 0, color: vars.color.textMuted });

export const unblock = style({ marginInlineStart: 'auto' });
