import { vars } from '../../theme/contract.css.js';
import { globalStyle, style, styleVariants } from '../../theme/layered.css.js';

export const item = style({
  position: 'relative',
  display: 'flex',
  gap: vars.space[3],
  paddingBlock: vars.space[3],
  paddingInline: vars.space[4],
  borderBottom: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.background,
  color: vars.color.text,
  selectors: {
    '&[data-state="unread"]': { backgroundColor: vars.color.accentSubtle },
  },
});

export const iconColumn = style({
  display: 'flex',
  justifyContent: 'flex-end',
  width: '40px',
  flexShrink: 0,
});

export const icon = style({ display: 'inline-flex', width: '26px', height: '26px' });
globalStyle(`${icon} > svg`, { width: '100%', height: '100%' });

export const tone = styleVariants({
  like: { color: vars.color.like },
  follow: { color: vars.color.accent },
  rewhisp: { color: vars.color.rewhisp },
  reply: { color: vars.color.accent },
  mention: { color: vars.color.accent },
  direct_message: { color: vars.color.accent },
  moderation: { color: vars.color.accent },
  poll: { color: vars.color.accent },
  follow_request: { color: vars.color.accent },
});

export const body = style({
  flex: 1,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[2],
});

export const top = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space[2],
});

export const message = style({ margin: 0 });

export const actor = style({
  color: vars.color.text,
  fontWeight: vars.fontWeight.bold,
  textDecoration: 'none',
  ':hover': { textDecoration: 'underline' },
});

export const time = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'nowrap',
});

export const excerpt = style({
  margin: 0,
  color: vars.color.textMuted,
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  overflowWrap: 'anywhere',
});

export const unreadDot = style({
  width: '10px',
  height: '10px',
  marginTop: '6px',
  flexShrink: 0,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.accent,
});

export const markRead = style({
  alignSelf: 'flex-start',
  padding: 0,
  border: 0,
  background: 'none',
  color: vars.color.accent,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  cursor: 'pointer',
  textDecoration: 'underline',
  textUnderlineOffset: '3px',
});

/** The sender of a moderation notice stands in for an avatar: the network, not a person. */
export const moderationBadge = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '32px',
  height: '32px',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.accent,
});
globalStyle(`${moderationBadge} > svg`, { width: '18px', height: '18px' });

export const moderationMessage = style({ display: 'block', marginTop: vars.space[1] });
