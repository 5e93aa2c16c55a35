import { style } from '@vanilla-extract/css';
import { vars } from '@whisp/ui';

export const sections = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[4],
  padding: vars.space[4],
});

/** A block inside a section (a form, a list, a progress bar) lined up with the rows' text. */
export const sectionBody = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[3],
  paddingInline: vars.space[4],
  paddingBlock: vars.space[2],
});

/** The session list spans the section; its rows carry their own padding. */
export const flush = style({ marginTop: vars.space[2] });
