import { vars } from '../../theme/contract.css.js';
import { style } from '../../theme/layered.css.js';

export const feed = style({
  width: '100%',
  maxWidth: '600px',
  minHeight: '100%',
  borderInline: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.background,
  color: vars.color.text,
});

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: 5,
  backgroundColor: vars.color.background,
});

export const title = style({
  margin: 0,
  paddingBlock: vars.space[3],
  paddingInline: vars.space[4],
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
});

export const list = style({ margin: 0, padding: 0, listStyle: 'none' });

export const more = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space[2],
  padding: vars.space[4],
});

export const moreError = style({
  margin: 0,
  color: vars.color.danger,
  fontWeight: vars.fontWeight.medium,
});

export const windowedList = style([list, { position: 'relative' }]);

export const windowedItem = style({ position: 'absolute', top: 0, left: 0, width: '100%' });
