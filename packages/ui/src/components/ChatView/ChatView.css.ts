import { vars } from '../../theme/contract.css.js';
import { style } from '../../theme/layered.css.js';
import { media } from '../../theme/media.js';

export const view = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(240px, 340px) 1fr',
  height: '100%',
  minHeight: '480px',
  backgroundColor: vars.color.background,
  color: vars.color.text,
  '@media': {
    // One pane at a time on phones: the list, or the open conversation.
    [media.phone]: { gridTemplateColumns: '1fr' },
  },
});

export const listPane = style({
  borderInlineEnd: `1px solid ${vars.color.border}`,
  overflowY: 'auto',
  '@media': {
    [media.phone]: { borderInlineEnd: 'none', selectors: { '[data-open] &': { display: 'none' } } },
  },
});

export const threadPane = style({
  display: 'flex',
  flexDirection: 'column',
  minWidth: 0,
  minHeight: 0,
  '@media': { [media.phone]: { selectors: { ':not([data-open]) > &': { display: 'none' } } } },
});

/** `ChatView.List`'s own element, around its states (loading, error, empty, the list). */
export const listRoot = style({ minWidth: 0 });

export const list = style({ margin: 0, padding: 0, listStyle: 'none' });

export const conversation = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[3],
  width: '100%',
  paddingBlock: vars.space[3],
  paddingInline: vars.space[4],
  border: 0,
  borderBottom: `1px solid ${vars.color.border}`,
  background: 'none',
  color: 'inherit',
  textAlign: 'start',
  cursor: 'pointer',
  selectors: {
    '&:hover': { backgroundColor: vars.color.surfaceHover },
    '&[aria-current="true"]': {
      backgroundColor: vars.color.surface,
      boxShadow: `inset 3px 0 0 ${vars.color.accent}`,
    },
    '&:focus-visible': { outlineOffset: '-2px' },
  },
});

export const conversationText = style({
  flex: 1,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
});

// A long name wraps onto a second line, and the handle and time move under it, rather than the
// name being cut to a few letters beside a handle that never shrinks.
export const conversationTop = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  columnGap: vars.space[2],
});

export const name = style({
  minWidth: 0,
  fontWeight: vars.fontWeight.bold,
  overflowWrap: 'anywhere',
});

/** The @handle: shortened with an ellipsis only when it alone is wider than the row. */
export const handle = style({
  minWidth: 0,
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const muted = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'nowrap',
});

export const lastMessage = style([
  muted,
  {
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    selectors: {
      '[data-unread] &': { color: vars.color.text, fontWeight: vars.fontWeight.semibold },
    },
  },
]);

export const badge = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '20px',
  height: '20px',
  paddingInline: '6px',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.accent,
  color: vars.color.onAccent,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
});

export const threadHeader = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[3],
  paddingBlock: vars.space[2],
  paddingInline: vars.space[4],
  borderBottom: `1px solid ${vars.color.border}`,
});

export const threadTitle = style({
  minWidth: 0,
  margin: 0,
  // The whole name, on more lines if it must: it is the only place the thread says who it is with.
  overflowWrap: 'anywhere',
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
});

export const messages = style({
  flex: 1,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[1],
  margin: 0,
  padding: vars.space[4],
  overflowY: 'auto',
  listStyle: 'none',
});

export const daySeparator = style({
  alignSelf: 'center',
  // A flex item of the scrolling column: without these it is squeezed, and its label cut, when
  // the messages overflow the pane.
  flexShrink: 0,
  maxWidth: '100%',
  textAlign: 'center',
  marginBlock: vars.space[3],
  paddingInline: vars.space[3],
  paddingBlock: '2px',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.surface,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
});

export const message = style({
  display: 'flex',
  flexDirection: 'column',
  maxWidth: '75%',
  gap: '2px',
  selectors: {
    '&[data-sender="own"]': { alignSelf: 'flex-end', alignItems: 'flex-end' },
    '&[data-sender="other"]': { alignSelf: 'flex-start', alignItems: 'flex-start' },
  },
});

export const bubble = style({
  paddingBlock: vars.space[2],
  paddingInline: vars.space[3],
  borderRadius: vars.radius.xl,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  selectors: {
    [`${message}[data-sender="own"] &`]: {
      backgroundColor: vars.color.accent,
      color: vars.color.onAccent,
      borderEndEndRadius: vars.radius.sm,
    },
    [`${message}[data-sender="other"] &`]: {
      backgroundColor: vars.color.surface,
      color: vars.color.text,
      borderEndStartRadius: vars.radius.sm,
    },
    [`${message}[data-status="failed"] &`]: {
      backgroundColor: vars.color.dangerSubtle,
      color: vars.color.text,
      outline: `1px solid ${vars.color.danger}`,
    },
  },
});

export const status = style({ color: vars.color.textMuted, fontSize: vars.fontSize.xs });

export const failed = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space[1],
  color: vars.color.danger,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
});

export const retry = style({
  padding: 0,
  border: 0,
  background: 'none',
  color: 'inherit',
  font: 'inherit',
  textDecoration: 'underline',
  cursor: 'pointer',
});

export const composer = style({
  display: 'flex',
  alignItems: 'flex-end',
  gap: vars.space[2],
  padding: vars.space[3],
  borderTop: `1px solid ${vars.color.border}`,
});

export const composerInput = style({
  flex: 1,
  minHeight: '44px',
  maxHeight: '160px',
  paddingBlock: vars.space[2],
  paddingInline: vars.space[4],
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: '22px',
  backgroundColor: vars.color.background,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.body,
  resize: 'none',
  '::placeholder': { color: vars.color.textMuted, opacity: 1 },
  ':focus-visible': { outlineOffset: 0, borderColor: vars.color.accent },
});

export const placeholder = style({ margin: 'auto' });

/** Back to the list exists only where the list and the thread take turns. */
export const backButton = style({ '@media': { [media.wide]: { display: 'none' } } });

/** The thread's parts lay out in the pane's column; the section only names them. */
export const thread = style({ display: 'contents' });

/** Takes the composer's place, at its height, so the thread does not jump. */
export const permissionNotice = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[3],
  minHeight: '44px',
  padding: vars.space[3],
  paddingInline: vars.space[4],
  borderTop: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
});

export const permissionIcon = style({
  flexShrink: 0,
  width: '20px',
  height: '20px',
  color: vars.color.textMuted,
});

export const permissionText = style({ margin: 0, overflowWrap: 'anywhere' });

export const permissionReason = style({ color: vars.color.textMuted });

/** "Seen" under the viewer's newest message, once the other member has read it. */
export const receipt = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
});
