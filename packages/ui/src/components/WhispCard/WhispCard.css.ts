import { vars } from '../../theme/contract.css.js';
import { globalStyle, style } from '../../theme/layered.css.js';

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[1],
  paddingBlock: vars.space[3],
  paddingInline: vars.space[4],
  // Hairline dividers between whisps rather than boxed cards.
  borderBottom: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.background,
  color: vars.color.text,
});

export const rewhispHeader = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[2],
  paddingInlineStart: '28px',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
});
globalStyle(`${rewhispHeader} a`, { color: 'inherit', textDecoration: 'none' });
globalStyle(`${rewhispHeader} a:hover`, { textDecoration: 'underline' });

export const layout = style({ display: 'flex', gap: vars.space[3] });

export const avatarLink = style({ alignSelf: 'flex-start', borderRadius: vars.radius.full });

export const body = style({
  flex: 1,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[1],
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[1],
  minWidth: 0,
  lineHeight: vars.lineHeight.tight,
});

export const authorLink = style({
  display: 'flex',
  alignItems: 'baseline',
  gap: vars.space[1],
  minWidth: 0,
  color: 'inherit',
  textDecoration: 'none',
  overflow: 'hidden',
  whiteSpace: 'nowrap',
});

export const displayName = style({
  // The name keeps its room; the @username gives way first on narrow screens.
  flexShrink: 1,
  minWidth: '4ch',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  fontWeight: vars.fontWeight.bold,
  selectors: { [`${authorLink}:hover &`]: { textDecoration: 'underline' } },
});

export const muted = style({ color: vars.color.textMuted, whiteSpace: 'nowrap' });

export const username = style([
  muted,
  { flexShrink: 100, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' },
]);

export const menu = style({ marginInlineStart: 'auto', marginBlock: '-6px' });

export const content = style({
  margin: 0,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.body,
});

// Underlined, faintly: colour alone does not tell a link from text (WCAG 1.4.1), and no violet
// reaches 3:1 against near-black body text while keeping 4.5:1 against the page.
export const inlineLink = style({
  color: vars.color.accent,
  textDecorationLine: 'underline',
  textDecorationThickness: '1px',
  textUnderlineOffset: '3px',
  textDecorationColor: `color-mix(in srgb, ${vars.color.accent} 45%, transparent)`,
  ':hover': { textDecorationColor: 'currentColor' },
});

export const embed = style({
  position: 'relative',
  width: '100%',
  aspectRatio: '16 / 9',
  marginTop: vars.space[2],
  overflow: 'hidden',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  backgroundColor: '#0d0c10',
});

export const embedFrame = style({ width: '100%', height: '100%', border: 0 });

export const embedFacade = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space[2],
  width: '100%',
  height: '100%',
  border: 0,
  background: 'linear-gradient(135deg, #2a2540, #0d0c10)',
  color: '#ffffff',
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  cursor: 'pointer',
  ':focus-visible': { outlineOffset: '-4px', outlineColor: '#ffffff' },
});

export const playIcon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '56px',
  height: '56px',
  borderRadius: vars.radius.full,
  backgroundColor: 'rgba(255, 255, 255, 0.18)',
  selectors: { [`${embedFacade}:hover &`]: { backgroundColor: 'rgba(255, 255, 255, 0.3)' } },
});

export const embedNote = style({
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.regular,
  color: '#d6d3df',
});

export const original = style({
  marginTop: vars.space[2],
  padding: vars.space[3],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});

/** "Edited" in the header: text-sized, underlined on hover like the time beside it would be. */
export const edited = style([
  muted,
  {
    padding: 0,
    border: 0,
    background: 'transparent',
    font: 'inherit',
    cursor: 'pointer',
    selectors: {
      '&:hover': { textDecoration: 'underline' },
      // A text-sized button still gets a 24 px target (WCAG 2.5.8) without moving the line.
      '&::after': { content: '""', position: 'absolute', inset: '-6px -4px' },
    },
    position: 'relative',
  },
]);

/** A poll's place while its chunk loads (WhispCard's PollSpace). */
export const pollSpace = style({ marginTop: vars.space[3] });
