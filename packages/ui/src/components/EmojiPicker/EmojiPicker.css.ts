import { vars } from '../../theme/contract.css.js';
import { globalStyle, style } from '../../theme/layered.css.js';
import { media } from '../../theme/media.js';

const EMOJI_CELL = '36px';

export const content = style({
  padding: 0,
  overflow: 'hidden',
});

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  width: `calc(8 * ${EMOJI_CELL} + 28px)`,
  maxWidth: 'calc(100vw - 16px)',
  height: '400px',
  maxHeight: 'min(400px, calc(100vh - 96px))',
  isolation: 'isolate',
});

export const header = style({
  display: 'flex',
  gap: vars.space[2],
  padding: vars.space[2],
  paddingBottom: 0,
});

const control = {
  minHeight: '36px',
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.background,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
} as const;

export const search = style({
  ...control,
  flex: 1,
  minWidth: 0,
  paddingInline: vars.space[2],
  selectors: { '&::placeholder': { color: vars.color.textMuted } },
  '@media': { [media.phone]: { minHeight: '44px' } },
});

// Wide enough for the chosen tone's name beside its hand (56 px cut it to "✋ |"); the search
// field gives way.
export const skinTone = style({
  ...control,
  width: 'auto',
  maxWidth: '9.5rem',
  paddingInline: vars.space[1],
  '@media': { [media.phone]: { minHeight: '44px' } },
});

export const recent = style({ paddingInline: vars.space[2], paddingTop: vars.space[2] });

export const sectionLabel = style({
  margin: 0,
  marginBottom: vars.space[1],
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
});

export const recentList = style({
  display: 'flex',
  flexWrap: 'wrap',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const categories = style({
  display: 'flex',
  justifyContent: 'space-between',
  paddingInline: vars.space[1],
  paddingBlock: vars.space[1],
  borderBottom: `1px solid ${vars.color.border}`,
});
// Nine icons share one line, also on a phone.
globalStyle(`${categories} button`, {
  '@media': { [media.phone]: { minWidth: '32px', minHeight: '32px' } },
});

export const viewport = style({
  flex: 1,
  outline: 'none',
  paddingInline: vars.space[2],
  selectors: {
    '&:focus-visible': { boxShadow: `inset 0 0 0 2px ${vars.color.focusRing}` },
  },
});

export const list = style({ paddingBottom: vars.space[2] });

export const categoryHeader = style({
  paddingBlock: vars.space[1],
  backgroundColor: vars.color.background,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
});

export const row = style({ scrollMarginBlock: vars.space[2] });

export const emoji = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: EMOJI_CELL,
  height: EMOJI_CELL,
  padding: 0,
  border: 'none',
  borderRadius: vars.radius.md,
  backgroundColor: 'transparent',
  fontSize: '22px',
  lineHeight: 1,
  cursor: 'pointer',
  selectors: {
    '&:hover, &[data-active]': { backgroundColor: vars.color.surfaceHover },
    '&[data-active]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
  },
});

export const message = style({
  display: 'block',
  padding: vars.space[4],
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  textAlign: 'center',
});

export const footer = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[2],
  minHeight: '40px',
  paddingInline: vars.space[3],
  borderTop: `1px solid ${vars.color.border}`,
});

export const previewEmoji = style({ fontSize: '22px' });

export const previewLabel = style({
  overflow: 'hidden',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const loading = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: `calc(8 * ${EMOJI_CELL} + 28px)`,
  maxWidth: 'calc(100vw - 16px)',
  height: '400px',
  color: vars.color.textMuted,
});
