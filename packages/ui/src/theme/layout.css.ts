import { vars } from './contract.css.js';
import { style } from './layered.css.js';

/** Whole-viewport screens shown instead of the app (start-up, loading): content centred. */
export const fullScreenCentered = style({
  // dvh keeps the centre right on phones whose browser bars come and go; vh is the fallback.
  minHeight: ['100vh', '100dvh'],
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space[4],
  padding: vars.space[6],
  textAlign: 'center',
  backgroundColor: vars.color.background,
  color: vars.color.text,
});
