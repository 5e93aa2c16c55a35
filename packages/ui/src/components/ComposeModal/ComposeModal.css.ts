import { vars } from '../../theme/contract.css.js';
import { globalStyle, style } from '../../theme/layered.css.js';
import { media as mediaQuery } from '../../theme/media.js';

export const layout = style({ display: 'flex', gap: vars.space[3] });

export const editor = style({
  flex: 1,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[3],
});

export const textarea = style({});
globalStyle(`${textarea} textarea`, {
  minHeight: '140px',
  border: 'none',
  paddingInline: 0,
  fontSize: vars.fontSize.lg,
  resize: 'none',
});
globalStyle(`${textarea} textarea:focus-visible`, { outline: 'none' });

export const media = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
  gap: vars.space[2],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const mediaItem = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[1],
  minWidth: 0,
});

/** The square preview, with the upload state and the remove button over it. */
export const mediaFrame = style({
  position: 'relative',
  aspectRatio: '1',
  overflow: 'hidden',
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.surface,
});

export const mediaImage = style({
  position: 'relative',
  display: 'block',
  width: '100%',
  height: '100%',
  objectFit: 'cover',
  selectors: {
    // Until a video has a frame to show, the placeholder beneath it shows through.
    '&[data-frame="pending"]': { backgroundColor: 'transparent' },
  },
});

/** A video without a poster or a loaded frame: a film icon and its file name on the tile. */
export const videoPlaceholder = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space[2],
  padding: vars.space[3],
  color: vars.color.textMuted,
  backgroundImage: `linear-gradient(135deg, ${vars.color.surface}, ${vars.color.surfaceHover})`,
  textAlign: 'center',
});

export const videoPlaceholderName = style({
  maxWidth: '100%',
  color: vars.color.text,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  overflowWrap: 'anywhere',
});

export const removeMedia = style({
  position: 'absolute',
  top: vars.space[1],
  right: vars.space[1],
});

export const progress = style({
  position: 'absolute',
  insetInline: vars.space[2],
  bottom: vars.space[2],
  height: '6px',
  appearance: 'none',
  border: 'none',
  borderRadius: vars.radius.full,
  overflow: 'hidden',
  backgroundColor: 'rgba(13, 12, 16, 0.55)',
  accentColor: '#ffffff',
  width: `calc(100% - 16px)`,
});
globalStyle(`${progress}::-webkit-progress-bar`, { backgroundColor: 'rgba(13, 12, 16, 0.55)' });
globalStyle(`${progress}::-webkit-progress-value`, { backgroundColor: '#ffffff' });

export const mediaError = style({
  position: 'absolute',
  inset: 'auto 0 0 0',
  padding: vars.space[1],
  backgroundColor: vars.color.danger,
  color: vars.color.onDanger,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  textAlign: 'center',
});

export const settings = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space[4],
  margin: 0,
  padding: 0,
  paddingTop: vars.space[3],
  border: 0,
  borderTop: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
});

export const avatar = style({ '@media': { [mediaQuery.phone]: { display: 'none' } } });

export const settingLabel = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space[2],
  color: vars.color.text,
  fontWeight: vars.fontWeight.medium,
});

export const select = style({
  minHeight: '32px',
  paddingInline: vars.space[2],
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.background,
  color: vars.color.accent,
  fontWeight: vars.fontWeight.semibold,
});

export const checkbox = style({ width: '18px', height: '18px', accentColor: vars.color.accent });

export const toolbar = style({
  display: 'flex',
  // On a phone a full row of tools leaves no room for the counter and the send button: they
  // move to a line of their own, at its end, instead of being pushed off the screen.
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space[2],
  paddingTop: vars.space[3],
  borderTop: `1px solid ${vars.color.border}`,
});

export const counter = style({
  marginInlineStart: 'auto',
  whiteSpace: 'nowrap',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: 'tabular-nums',
  selectors: {
    '&[data-state="warning"]': { color: vars.color.danger },
    '&[data-state="over"]': { color: vars.color.danger, fontWeight: vars.fontWeight.bold },
  },
});

export const warning = style({
  margin: 0,
  padding: vars.space[3],
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.dangerSubtle,
  color: vars.color.danger,
  fontWeight: vars.fontWeight.medium,
});

export const describeMedia = style({
  width: '100%',
  minHeight: '32px',
  paddingInline: vars.space[2],
  paddingBlock: vars.space[1],
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.background,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
  // The full label, on two lines if the tile is narrow: never cut to "Edit descript…".
  whiteSpace: 'normal',
  overflowWrap: 'anywhere',
  cursor: 'pointer',
  selectors: {
    '&:hover': { backgroundColor: vars.color.surfaceHover },
    '&[data-described]': { color: vars.color.accent },
  },
  // A touch target a thumb can hit.
  '@media': { [mediaQuery.phone]: { minHeight: '44px' } },
});

export const describeDialog = style({ width: 'min(520px, calc(100vw - 32px))' });

export const describeForm = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[3],
});

export const describePreview = style({
  maxHeight: '220px',
  objectFit: 'contain',
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
});

export const describeActions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space[2],
});

export const schedule = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space[1],
});

export const fieldError = style({
  margin: 0,
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
});
