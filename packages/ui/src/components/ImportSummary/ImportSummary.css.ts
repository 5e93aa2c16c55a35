import { vars } from '../../theme/contract.css.js';
import { style } from '../../theme/layered.css.js';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[3],
  padding: vars.space[4],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
});

export const header = style({ display: 'flex', alignItems: 'center', gap: vars.space[2] });

export const icon = style({ flexShrink: 0, color: vars.color.accent });

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
});

export const counts = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(110px, 1fr))',
  gap: vars.space[2],
  margin: 0,
});

export const count = style({
  display: 'flex',
  flexDirection: 'column-reverse',
  gap: '2px',
  padding: vars.space[3],
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
  selectors: { '&[data-kind="skipped"]': { backgroundColor: vars.color.surfaceHover } },
});

export const countLabel = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const countValue = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  fontVariantNumeric: 'tabular-nums',
});

export const note = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const reasons = style({
  margin: 0,
  paddingInlineStart: vars.space[5],
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});
