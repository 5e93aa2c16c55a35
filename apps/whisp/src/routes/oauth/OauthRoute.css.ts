import { style } from '@vanilla-extract/css';
import { media, vars } from '@whisp/ui';

/** One card in the middle of the page, as sign-in's, without the app's navigation around it. */
export const page = style({
  minHeight: '100dvh',
  display: 'grid',
  placeItems: 'center',
  padding: vars.space[6],
  background: vars.color.background,
  color: vars.color.text,
  '@media': { [media.phone]: { placeItems: 'start center', padding: vars.space[2] } },
});
