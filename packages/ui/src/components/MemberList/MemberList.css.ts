import { vars } from '../../theme/contract.css.js';
import { style } from '../../theme/layered.css.js';

export const root = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });

export const list = style({ listStyle: 'none', margin: 0, padding: 0 });

export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[3],
  paddingBlock: vars.space[2],
  selectors: { '& + &': { borderTop: `1px solid ${vars.color.border}` } },
});

export const names = style({
  display: 'flex',
  flexDirection: 'column',
  flex: 1,
  minWidth: 0,
});

const oneLine = {
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;

export const displayName = style({
  ...oneLine,
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space[1],
  maxWidth: '100%',
  color: vars.color.text,
  fontWeight: vars.fontWeight.semibold,
  textDecoration: 'none',
  ':hover': { textDecoration: 'underline' },
});

export const username = style({
  ...oneLine,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const empty = style({
  margin: 0,
  paddingBlock: vars.space[3],
  color: vars.color.textMuted,
});
