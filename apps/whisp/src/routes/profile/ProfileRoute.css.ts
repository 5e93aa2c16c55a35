import { style } from '@vanilla-extract/css';
import { vars } from '@whisp/ui';
import { PAGE_HEADER_HEIGHT } from '../../shared/stickyBars';

export const mediaControls = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space[2],
  paddingInline: vars.space[4],
  paddingBottom: vars.space[3],
});

export const tabs = style({
  position: 'sticky',
  top: `${PAGE_HEADER_HEIGHT}px`,
  zIndex: 1,
  backgroundColor: vars.color.background,
  borderBottom: `1px solid ${vars.color.border}`,
  overflowX: 'auto',
});

export const privateNote = style({
  padding: vars.space[6],
  textAlign: 'center',
  color: vars.color.textMuted,
});

/** Where the tabs would start: the same hairline under the header. */
export const protectedNotice = style({ borderTop: `1px solid ${vars.color.border}` });
