import { vars } from '../../theme/contract.css.js';
import { globalStyle, style } from '../../theme/layered.css.js';
import { media } from '../../theme/media.js';

export const bar = style({
  position: 'fixed',
  insetInline: 0,
  bottom: 0,
  zIndex: 800,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-around',
  paddingBottom: 'env(safe-area-inset-bottom)',
  borderTop: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.background,
  color: vars.color.text,
  '@media': { [media.wide]: { display: 'none' } },
});

export const link = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '56px',
  height: '56px',
  color: vars.color.textMuted,
  borderRadius: vars.radius.full,
  selectors: { '&[aria-current="page"]': { color: vars.color.text } },
});

export const icon = style({
  position: 'relative',
  display: 'inline-flex',
  width: '26px',
  height: '26px',
});
globalStyle(`${icon} > svg`, { width: '100%', height: '100%' });
globalStyle(`${link}[aria-current="page"] ${icon} > svg`, { strokeWidth: 2.6 });

export const compose = style({
  position: 'fixed',
  right: vars.space[4],
  bottom: `calc(72px + env(safe-area-inset-bottom))`,
  zIndex: 801,
  width: '56px',
  height: '56px',
  padding: 0,
  boxShadow: vars.shadow.popover,
  '@media': { [media.wide]: { display: 'none' } },
});
