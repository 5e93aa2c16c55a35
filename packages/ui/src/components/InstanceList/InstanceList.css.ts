import { vars } from '../../theme/contract.css.js';
import { style } from '../../theme/layered.css.js';
import { media } from '../../theme/media.js';

export const root = style({ display: 'flex', flexDirection: 'column', color: vars.color.text });

// The two policies explained, with "Add a server" beside them; stacked on a phone.
export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space[3],
  padding: vars.space[4],
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': { [media.sheet]: { flexDirection: 'column', alignItems: 'stretch' } },
});

export const explanations = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[2],
  margin: 0,
  minWidth: 0,
});

export const explanation = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: vars.space[2],
});

export const explanationText = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const list = style({ display: 'flex', flexDirection: 'column', margin: 0, padding: 0 });

export const row = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space[3],
  paddingInline: vars.space[4],
  paddingBlock: vars.space[3],
  listStyle: 'none',
  selectors: {
    '& + &': { borderTop: `1px solid ${vars.color.border}` },
    '&:focus-visible': { outlineOffset: '-2px' },
  },
  '@media': { [media.sheet]: { flexWrap: 'wrap' } },
});

export const skeletonRow = style([row, { pointerEvents: 'none' }]);

export const icon = style({
  display: 'grid',
  placeItems: 'center',
  flexShrink: 0,
  width: '40px',
  height: '40px',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.surface,
  color: vars.color.textMuted,
});

export const details = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space[1],
  flex: 1,
  minWidth: 0,
});

export const host = style({ fontWeight: vars.fontWeight.semibold, overflowWrap: 'anywhere' });

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const policyLine = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space[2],
});

export const badge = style({
  display: 'inline-flex',
  alignItems: 'center',
  flexShrink: 0,
  paddingInline: vars.space[2],
  paddingBlock: '2px',
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
  // Suspension is the destructive one: red. Silence is the accent, a caution rather than a cut.
  selectors: {
    '&[data-policy="silence"]': {
      backgroundColor: vars.color.accentSubtle,
      color: vars.color.accent,
    },
    '&[data-policy="suspend"]': {
      backgroundColor: vars.color.dangerSubtle,
      color: vars.color.danger,
    },
  },
});

export const reason = style({
  margin: 0,
  paddingInlineStart: vars.space[3],
  borderInlineStart: `3px solid ${vars.color.borderStrong}`,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space[2],
  flexShrink: 0,
  // On a phone the buttons take their own line under the details, not a narrow column.
  '@media': { [media.sheet]: { flexBasis: '100%', paddingInlineStart: '52px' } },
});

export const action = style({
  '@media': {
    // A 44 px target on phones (STYLE.md), where a finger is the pointer.
    [media.phone]: { minHeight: '44px' },
  },
});

export const dialog = style({ maxWidth: '480px' });

export const dialogTitle = style({
  // Clear of the close button in the corner; a long host wraps instead of widening the dialog.
  paddingInlineEnd: vars.space[10],
  overflowWrap: 'anywhere',
});

export const dialogForm = style({ display: 'flex', flexDirection: 'column', gap: vars.space[4] });

export const policies = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[2],
  margin: 0,
  padding: 0,
  border: 'none',
  minWidth: 0,
});

export const legend = style({
  fontWeight: vars.fontWeight.semibold,
  marginBottom: vars.space[1],
  padding: 0,
});

export const policyChoice = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space[3],
  // A whole row to tap, 44 px tall as fingers need.
  minHeight: '44px',
  padding: vars.space[3],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  cursor: 'pointer',
  selectors: {
    '&:hover': { backgroundColor: vars.color.surfaceHover },
    '&[data-state="checked"]': {
      borderColor: vars.color.accent,
      backgroundColor: vars.color.accentSubtle,
    },
  },
});

export const policyChoiceText = style({ display: 'flex', flexDirection: 'column', gap: '2px' });

export const policyChoiceName = style({ fontWeight: vars.fontWeight.semibold });

export const error = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.sm });
