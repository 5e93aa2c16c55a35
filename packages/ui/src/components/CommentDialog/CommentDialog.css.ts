import { vars } from '../../theme/contract.css.js';
import { style } from '../../theme/layered.css.js';

export const original = style({ display: 'flex', gap: vars.space[3] });

export const originalText = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[1],
  minWidth: 0,
  // A handle of another server's member is one long word: it breaks rather than widen the dialog.
  overflowWrap: 'anywhere',
});

export const author = style({ fontWeight: vars.fontWeight.bold });

export const muted = style({ color: vars.color.textMuted, fontWeight: vars.fontWeight.regular });

export const accent = style({ color: vars.color.accent });

export const content = style({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });

export const form = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: vars.space[3],
  paddingTop: vars.space[3],
  borderTop: `1px solid ${vars.color.border}`,
});

export const field = style({ gridColumn: '2' });

export const submit = style({ gridColumn: '2', justifySelf: 'end' });
