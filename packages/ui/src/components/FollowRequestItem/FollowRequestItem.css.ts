import { vars } from '../../theme/contract.css.js';
import { globalStyle, style } from '../../theme/layered.css.js';
import { media } from '../../theme/media.js';

export const root = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr) auto',
  alignItems: 'center',
  columnGap: vars.space[3],
  rowGap: vars.space[2],
  paddingBlock: vars.space[3],
  paddingInline: vars.space[4],
  color: vars.color.text,
  '@media': {
    // On a phone the buttons take their own row under the names, full size for a thumb.
    [media.phone]: { gridTemplateColumns: 'auto minmax(0, 1fr)' },
  },
});

export const text = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });

const oneLine = {
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;

export const nameLine = style({ display: 'flex', minWidth: 0 });

export const displayName = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space[1],
  minWidth: 0,
  maxWidth: '100%',
  color: vars.color.text,
  fontWeight: vars.fontWeight.semibold,
  textDecoration: 'none',
  ':hover': { textDecoration: 'underline' },
});

// The ellipsis needs a block of text of its own: a flex container does not clip its text.
export const displayNameText = style({ ...oneLine, minWidth: 0 });

export const username = style({
  ...oneLine,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const bio = style({
  ...oneLine,
  margin: 0,
  marginTop: '2px',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const actions = style({
  display: 'flex',
  gap: vars.space[2],
  '@media': {
    [media.phone]: { gridColumn: '2 / -1', justifyContent: 'flex-start' },
  },
});

// A thumb's target on phones (44 px), where the dense row's small buttons would be too small.
globalStyle(`${actions} > button`, {
  '@media': { [media.phone]: { minHeight: '44px', paddingInline: vars.space[5] } },
});
