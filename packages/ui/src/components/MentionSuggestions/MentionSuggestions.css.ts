import { vars } from '../../theme/contract.css.js';
import { style } from '../../theme/layered.css.js';
import { media } from '../../theme/media.js';

export const content = style({
  // As wide as the text it hangs under, within reason: a row needs room for a long handle.
  width: 'var(--radix-popover-trigger-width)',
  minWidth: '240px',
  maxWidth: 'min(400px, calc(100vw - 16px))',
  // Scrolls rather than running off the screen (Radix measures the room below the text).
  maxHeight: 'min(320px, var(--radix-popover-content-available-height))',
  overflowY: 'auto',
  padding: vars.space[1],
});

export const list = style({ display: 'flex', flexDirection: 'column' });

export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[3],
  minHeight: '44px',
  paddingBlock: vars.space[1],
  paddingInline: vars.space[2],
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  selectors: {
    '&[aria-selected="true"]': { backgroundColor: vars.color.surfaceHover },
    // The active row is marked by more than its shade, for forced colours and low vision.
    '&[aria-selected="true"]::before': {
      content: '""',
      alignSelf: 'stretch',
      width: '3px',
      marginInlineStart: `calc(-1 * ${vars.space[1]})`,
      borderRadius: vars.radius.full,
      backgroundColor: vars.color.accent,
    },
  },
  '@media': { [media.phone]: { minHeight: '48px' } },
});

export const names = style({
  display: 'flex',
  flexDirection: 'column',
  flex: 1,
  minWidth: 0,
  lineHeight: vars.lineHeight.tight,
});

export const displayName = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  color: vars.color.text,
  fontWeight: vars.fontWeight.semibold,
});

export const handle = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const status = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[2],
  margin: 0,
  padding: vars.space[2],
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});
