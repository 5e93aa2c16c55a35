import { vars } from '../../theme/contract.css.js';
import { style } from '../../theme/layered.css.js';

export const spinner = style({ color: vars.color.accent });

export const label = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.md,
});
