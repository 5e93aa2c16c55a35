import { vars } from '../../theme/contract.css.js';
import { style } from '../../theme/layered.css.js';

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space[3] });

export const form = style({
  display: 'flex',
  alignItems: 'flex-start',
  flexWrap: 'wrap',
  gap: vars.space[2],
});

export const field = style({ flex: '1 1 240px', minWidth: 0 });

// Level with the input, below its label.
export const add = style({ marginTop: '26px' });

export const count = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const chips = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space[2],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space[1],
  maxWidth: '100%',
  minHeight: '32px',
  paddingInlineStart: vars.space[3],
  paddingInlineEnd: vars.space[1],
  borderRadius: vars.radius.full,
  border: `1px solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surface,
  selectors: { '&[data-pending]': { opacity: 0.6 } },
});

export const word = style({ overflowWrap: 'anywhere', minWidth: 0 });

export const empty = style({ margin: 0, color: vars.color.textMuted });
