import { vars } from '../../theme/contract.css.js';
import { style } from '../../theme/layered.css.js';

// Shared by the right column's panels (What's happening, Who to follow).

export const panel = style({
  overflow: 'hidden',
  borderRadius: vars.radius.xl,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
});

export const title = style({
  margin: 0,
  paddingBlock: vars.space[3],
  paddingInline: vars.space[4],
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
});

export const list = style({ margin: 0, padding: 0, listStyle: 'none' });

export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[3],
  paddingBlock: vars.space[3],
  paddingInline: vars.space[4],
  color: 'inherit',
  textDecoration: 'none',
  selectors: {
    'a&:hover': { backgroundColor: vars.color.surfaceHover },
    'a&:focus-visible': { outlineOffset: '-2px' },
  },
});

export const trend = style({ display: 'flex', flexDirection: 'column', gap: '2px' });

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const tag = style({ fontWeight: vars.fontWeight.bold });

export const more = style({
  display: 'block',
  paddingBlock: vars.space[3],
  paddingInline: vars.space[4],
  color: vars.color.accent,
  textDecoration: 'none',
  ':hover': { backgroundColor: vars.color.surfaceHover },
  ':focus-visible': { outlineOffset: '-2px' },
});

export const state = style({ paddingInline: vars.space[4], paddingBottom: vars.space[4] });

export const userText = style({ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' });

export const userName = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[1],
  fontWeight: vars.fontWeight.bold,
  color: 'inherit',
  textDecoration: 'none',
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  ':hover': { textDecoration: 'underline' },
});
