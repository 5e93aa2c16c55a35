import { vars } from '../../theme/contract.css.js';
import { style } from '../../theme/layered.css.js';
import { media } from '../../theme/media.js';

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space[3] });

// Side by side where there is room; on a phone the button goes under the field, never half-way.
export const form = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space[2],
  '@media': { [media.sheet]: { flexDirection: 'column', alignItems: 'stretch' } },
});

export const field = style({ flex: 1, minWidth: 0 });

export const add = style({
  // Level with the input, below its label.
  marginTop: '26px',
  flexShrink: 0,
  '@media': { [media.sheet]: { marginTop: 0, alignSelf: 'flex-start' } },
});

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
