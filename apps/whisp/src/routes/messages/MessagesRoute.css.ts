import { style } from '@vanilla-extract/css';
import { media } from '@whisp/ui';

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  height: '100dvh',
  // Above the phone's bottom bar (56 px and the safe area).
  '@media': { [media.phone]: { height: 'calc(100dvh - 57px - env(safe-area-inset-bottom))' } },
});

export const chat = style({ flex: 1, minHeight: 0 });
