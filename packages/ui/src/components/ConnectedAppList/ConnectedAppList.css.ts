import { vars } from '../../theme/contract.css.js';
import { style } from '../../theme/layered.css.js';
import { media } from '../../theme/media.js';

export const root = style({ display: 'flex', flexDirection: 'column', color: vars.color.text });

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  selectors: { '&:focus-visible': { outlineOffset: '-2px' } },
});

export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[3],
  minHeight: '64px',
  paddingInline: vars.space[4],
  paddingBlock: vars.space[3],
  selectors: { '& + &': { borderTop: `1px solid ${vars.color.border}` } },
});

export const icon = style({
  display: 'grid',
  placeItems: 'center',
  flexShrink: 0,
  alignSelf: 'flex-start',
  width: '40px',
  height: '40px',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.accentSubtle,
  color: vars.color.accent,
});

export const details = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
  flex: 1,
  minWidth: 0,
});

export const name = style({ fontWeight: vars.fontWeight.semibold, overflowWrap: 'anywhere' });

export const website = style({
  alignSelf: 'flex-start',
  color: vars.color.accent,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
  textUnderlineOffset: '3px',
});

export const meta = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});

/** A phrase that wraps as a whole ("Last used 3d"), never between its words. */
export const together = style({ whiteSpace: 'nowrap' });

export const scopes = style({ fontFamily: vars.fontFamily.mono, fontSize: vars.fontSize.xs });

export const action = style({
  flexShrink: 0,
  '@media': {
    // A 44 px target on phones (STYLE.md), where a finger is the pointer.
    [media.phone]: { minHeight: '44px' },
  },
});

export const skeletonRow = style([row, { pointerEvents: 'none' }]);

export const dialog = style({ maxWidth: '440px' });

export const dialogHeader = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[3],
  // Clear of the close button in the corner.
  paddingInlineEnd: vars.space[10],
  // A long app name wraps instead of pushing the dialog wider than a phone.
  overflowWrap: 'anywhere',
});

export const dialogIcon = style({
  display: 'grid',
  placeItems: 'center',
  flexShrink: 0,
  width: '40px',
  height: '40px',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.dangerSubtle,
  color: vars.color.danger,
});
