import { style } from '@vanilla-extract/css';
import { vars } from '@whisp/ui';

// Off screen until focused, then over everything at the top left (above the sticky headers and
// the side navigation), so a sighted keyboard user sees where the first Tab went.
export const skipLink = style({
  position: 'fixed',
  top: vars.space[2],
  left: vars.space[2],
  zIndex: 1000,
  padding: `${vars.space[2]} ${vars.space[4]}`,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.accent,
  color: vars.color.onAccent,
  fontWeight: vars.fontWeight.bold,
  textDecoration: 'none',
  transform: 'translateY(-200%)',
  selectors: { '&:focus': { transform: 'none' } },
});
