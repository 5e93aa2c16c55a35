import { vars } from '../../theme/contract.css.js';
import { style } from '../../theme/layered.css.js';

export const root = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });

export const loading = style({ display: 'grid', gap: vars.space[3], padding: vars.space[4] });

export const list = style({ listStyle: 'none', margin: 0, padding: 0 });

export const row = style({
  display: 'flex',
  alignItems: 'flex-start',
  flexWrap: 'wrap',
  gap: vars.space[3],
  padding: vars.space[4],
  borderBottom: `1px solid ${vars.color.border}`,
});

export const icon = style({
  display: 'inline-flex',
  flexShrink: 0,
  width: '20px',
  height: '20px',
  color: vars.color.textMuted,
  selectors: {
    '&[data-action="suspend_user"], &[data-action="remove_post"]': { color: vars.color.danger },
    '&[data-action="unsuspend_user"]': { color: vars.color.accent },
  },
});

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[1],
  flex: '1 1 240px',
  minWidth: 0,
});

export const sentence = style({ margin: 0, overflowWrap: 'anywhere' });

export const strong = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.text });

export const note = style({
  margin: 0,
  paddingInlineStart: vars.space[3],
  borderInlineStart: `3px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});

export const time = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const empty = style({ margin: 0, padding: vars.space[4], color: vars.color.textMuted });
