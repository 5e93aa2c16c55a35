import { vars } from '../../theme/contract.css.js';
import { style } from '../../theme/layered.css.js';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  minWidth: 0,
});

export const list = style({ listStyle: 'none', margin: 0, padding: 0 });

export const row = style({
  selectors: { '& + &': { borderTop: `1px solid ${vars.color.border}` } },
});

export const placeholder = style({ paddingInline: vars.space[4] });
