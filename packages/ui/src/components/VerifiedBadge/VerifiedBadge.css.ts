import { vars } from '../../theme/contract.css.js';
import { style } from '../../theme/layered.css.js';

export const badge = style({
  display: 'inline-flex',
  flexShrink: 0,
  width: '1.1em',
  height: '1.1em',
  color: vars.color.accent,
  verticalAlign: '-0.15em',
});
