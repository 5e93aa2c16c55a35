import { vars } from '../../theme/contract.css.js';
import { style } from '../../theme/layered.css.js';
import { media } from '../../theme/media.js';

export const root = style({ display: 'flex', flexDirection: 'column', color: vars.color.text });

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[3],
  minHeight: '64px',
  paddingInline: vars.space[4],
  paddingBlock: vars.space[3],
  selectors: { '& + &': { borderTop: `1px solid ${vars.color.border}` } },
});

export const icon = style({
  display: 'grid',
  placeItems: 'center',
  flexShrink: 0,
  width: '40px',
  height: '40px',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.surfaceHover,
  color: vars.color.textMuted,
  selectors: {
    [`${row}[data-connected] &`]: {
      backgroundColor: vars.color.accentSubtle,
      color: vars.color.accent,
    },
  },
});

export const details = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
  flex: 1,
  minWidth: 0,
});

export const name = style({ fontWeight: vars.fontWeight.semibold, overflowWrap: 'anywhere' });

export const meta = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const refusal = style({
  marginTop: vars.space[1],
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
});

export const action = style({
  flexShrink: 0,
  '@media': {
    // A 44 px target on phones (STYLE.md), where a finger is the pointer.
    [media.phone]: { minHeight: '44px' },
  },
});

export const skeletonRow = style([row, { pointerEvents: 'none' }]);
