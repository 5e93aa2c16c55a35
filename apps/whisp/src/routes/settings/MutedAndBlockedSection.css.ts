import { style } from '@vanilla-extract/css';
import { vars } from '@whisp/ui';

/** A part of the section with its own list (Blocked members, Muted words). */
export const subheading = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
});

export const subhint = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});
