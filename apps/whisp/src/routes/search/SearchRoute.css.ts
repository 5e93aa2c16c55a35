import { style } from '@vanilla-extract/css';
import { vars } from '@whisp/ui';

export const person = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[3],
  padding: `${vars.space[3]} ${vars.space[4]}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const personLink = style({
  display: 'flex',
  gap: vars.space[3],
  flex: 1,
  minWidth: 0,
  color: 'inherit',
  textDecoration: 'none',
});

export const personText = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });

export const personName = style({ fontWeight: vars.fontWeight.bold });

// The handle gives way (an ellipsis) before the follower count does: a remote member's
// `@name@their.server` can be longer than a phone is wide.
export const personMeta = style({
  display: 'flex',
  gap: vars.space[1],
  minWidth: 0,
  color: vars.color.textMuted,
});

export const personHandle = style({ flexShrink: 1 });

export const personFollowers = style({ flexShrink: 0, whiteSpace: 'nowrap' });

export const lookupStatus = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[3],
  padding: `${vars.space[3]} ${vars.space[4]}`,
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});

export const bio = style({ marginTop: vars.space[1], overflowWrap: 'anywhere' });
