import { vars } from '../../theme/contract.css.js';
import { style } from '../../theme/layered.css.js';

export const description = style({ marginTop: `calc(-1 * ${vars.space[2]})` });

export const centered = style({
  display: 'flex',
  justifyContent: 'center',
  paddingBlock: vars.space[8],
});

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const version = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[1],
  paddingBlock: vars.space[3],
  borderTop: `1px solid ${vars.color.border}`,
});

export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space[2],
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const currentBadge = style({
  paddingInline: vars.space[2],
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.accentSubtle,
  color: vars.color.text,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: '20px',
});

export const warning = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[1],
  margin: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  overflowWrap: 'anywhere',
});

export const text = style({
  margin: 0,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.body,
});

export const empty = style({ margin: 0, color: vars.color.textMuted, fontStyle: 'italic' });
