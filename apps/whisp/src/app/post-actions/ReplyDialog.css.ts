import { style } from '@vanilla-extract/css';
import { vars } from '@whisp/ui';

export const replies = style({
  maxHeight: '40vh',
  overflowY: 'auto',
  borderTop: `1px solid ${vars.color.border}`,
  paddingBlock: vars.space[2],
  marginBlock: vars.space[3],
});

export const list = style({ listStyle: 'none', margin: 0, padding: 0 });

export const reply = style({
  display: 'flex',
  gap: vars.space[3],
  alignItems: 'flex-start',
  paddingBlock: vars.space[2],
});

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[1],
  minWidth: 0,
});

export const author = style({
  fontWeight: vars.fontWeight.semibold,
  fontSize: vars.fontSize.sm,
  // A remote member's handle is one long word: it breaks rather than widen the dialog.
  overflowWrap: 'anywhere',
});

export const muted = style({
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.regular,
  fontSize: vars.fontSize.sm,
  margin: 0,
});

export const content = style({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });

export const replyButton = style({
  alignSelf: 'flex-start',
  background: 'none',
  border: 'none',
  padding: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  cursor: 'pointer',
  ':hover': { color: vars.color.accent, textDecoration: 'underline' },
});

export const warningToggle = style({ alignSelf: 'flex-start', marginBlockEnd: vars.space[2] });

export const warningField = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space[1],
  marginBlockEnd: vars.space[3],
});

export const warning = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
});
