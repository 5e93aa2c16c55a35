import { vars } from '../../theme/contract.css.js';
import { style } from '../../theme/layered.css.js';

export const root = style({ position: 'relative', display: 'flex', alignItems: 'center' });

export const icon = style({
  position: 'absolute',
  left: vars.space[4],
  display: 'inline-flex',
  color: vars.color.textMuted,
  pointerEvents: 'none',
});

export const input = style({
  width: '100%',
  minHeight: '44px',
  paddingInlineStart: '44px',
  paddingInlineEnd: '44px',
  border: `1px solid transparent`,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  '::placeholder': { color: vars.color.textMuted, opacity: 1 },
  ':focus-visible': {
    outlineOffset: 0,
    borderColor: vars.color.accent,
    backgroundColor: vars.color.background,
  },
  selectors: { '&::-webkit-search-cancel-button': { display: 'none' } },
});

export const clear = style({ position: 'absolute', right: vars.space[1] });
