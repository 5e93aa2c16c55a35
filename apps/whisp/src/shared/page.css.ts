import { style } from '@vanilla-extract/css';
import { vars } from '@whisp/ui';
import { PAGE_HEADER_HEIGHT } from './stickyBars';

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: 2,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[3],
  minHeight: `${PAGE_HEADER_HEIGHT}px`,
  paddingInline: vars.space[4],
  backgroundColor: vars.color.background,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const title = style({
  margin: 0,
  // Focused after a navigation (tabIndex -1): the ring is drawn inside, where the header's
  // overflow cannot clip it.
  outlineOffset: '-2px',
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  flex: 1,
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const subtitle = style({
  display: 'block',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.regular,
  color: vars.color.textMuted,
});

export const section = style({
  padding: vars.space[4],
  borderBottom: `1px solid ${vars.color.border}`,
});

export const sectionTitle = style({
  margin: 0,
  marginBottom: vars.space[3],
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
});

export const prose = style({
  padding: vars.space[4],
  lineHeight: vars.lineHeight.body,
  maxWidth: '65ch',
});

export const muted = style({ color: vars.color.textMuted });

export const list = style({ listStyle: 'none', margin: 0, padding: 0 });

export const item = style({
  borderBottom: `1px solid ${vars.color.border}`,
  // Off-screen whisps skip layout and paint; the remembered size keeps the scrollbar steady.
  contentVisibility: 'auto',
  containIntrinsicSize: 'auto 180px',
});

export const more = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space[2],
  padding: vars.space[4],
});

export const sentinel = style({ height: '1px' });

export const repliesTitle = style({
  margin: 0,
  padding: `${vars.space[3]} ${vars.space[4]}`,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
  borderTop: `1px solid ${vars.color.border}`,
  borderBottom: `1px solid ${vars.color.border}`,
});
