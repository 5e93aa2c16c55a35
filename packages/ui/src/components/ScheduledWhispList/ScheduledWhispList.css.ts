import { vars } from '../../theme/contract.css.js';
import { style } from '../../theme/layered.css.js';

export const list = style({ margin: 0, padding: 0, listStyle: 'none' });

export const item = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[2],
  padding: vars.space[4],
  // A pending whisp is not dimmed (its text would fall below AA contrast): its buttons wait and
  // Cancel shows progress.
  borderBottom: `1px solid ${vars.color.border}`,
});

export const time = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space[2],
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
});

export const warning = style({
  margin: 0,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
});

export const content = style({
  margin: 0,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.body,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});

export const extras = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space[2],
});

export const editor = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[2],
  padding: vars.space[3],
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.surface,
});

export const editorActions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space[2],
});

export const error = style({
  margin: 0,
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
});
