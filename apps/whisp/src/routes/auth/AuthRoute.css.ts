import { style } from '@vanilla-extract/css';
import { media, vars } from '@whisp/ui';

export const page = style({
  minHeight: '100dvh',
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 440px)',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space[12],
  padding: vars.space[6],
  maxWidth: '1040px',
  marginInline: 'auto',
  background: vars.color.background,
  color: vars.color.text,
  '@media': {
    [media.phone]: {
      gridTemplateColumns: 'minmax(0, 1fr)',
      gap: vars.space[6],
      padding: vars.space[4],
    },
  },
});

export const intro = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[2],
  // On phones the card's own brand is enough; the card comes first.
  '@media': { [media.phone]: { display: 'none' } },
});

export const brand = style({
  margin: 0,
  fontSize: '3.5rem',
  lineHeight: 1,
  fontWeight: 800,
  color: vars.color.accent,
  '@media': { [media.phone]: { fontSize: '2.5rem', textAlign: 'center' } },
});

export const tagline = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xl,
  '@media': { [media.phone]: { fontSize: vars.fontSize.lg, textAlign: 'center' } },
});
