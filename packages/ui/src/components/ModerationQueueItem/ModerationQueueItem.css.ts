import { vars } from '../../theme/contract.css.js';
import { style } from '../../theme/layered.css.js';

export const item = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[3],
  padding: vars.space[4],
  borderBottom: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.background,
  color: vars.color.text,
  minWidth: 0,
});

export const header = style({ display: 'flex', alignItems: 'center', gap: vars.space[2] });

export const flag = style({
  flexShrink: 0,
  width: '18px',
  height: '18px',
  color: vars.color.danger,
});

export const title = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  columnGap: vars.space[2],
  flex: 1,
  minWidth: 0,
  margin: 0,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.tight,
});

export const reason = style({ fontWeight: vars.fontWeight.bold });

export const subject = style({
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.regular,
  overflowWrap: 'anywhere',
});

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const reporter = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});

export const details = style({
  margin: 0,
  paddingInlineStart: vars.space[3],
  borderInlineStart: `3px solid ${vars.color.borderStrong}`,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});

export const target = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  overflow: 'hidden',
});

export const gone = style({ margin: 0, padding: vars.space[4], color: vars.color.textMuted });

export const member = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[3],
  padding: vars.space[3],
});

export const memberNames = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });

export const memberName = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space[1],
  color: vars.color.text,
  fontWeight: vars.fontWeight.semibold,
  overflowWrap: 'anywhere',
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space[2],
});

export const noteForm = style({ display: 'flex', flexDirection: 'column', gap: vars.space[2] });

export const resolution = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space[2],
  padding: vars.space[3],
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
});

export const resolutionLine = style({ margin: 0, fontSize: vars.fontSize.sm });

export const resolutionNote = style({
  margin: 0,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  color: vars.color.textMuted,
});

export const error = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.sm });
