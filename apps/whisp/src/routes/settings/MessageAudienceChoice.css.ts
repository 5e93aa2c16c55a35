import { style } from '@vanilla-extract/css';
import { vars } from '@whisp/ui';

// Lined up with SettingsSection's rows: the same padding, label weight and hint colour.
export const group = style({
  margin: 0,
  padding: `${vars.space[2]} ${vars.space[4]}`,
  border: 'none',
  minWidth: 0,
});

export const legend = style({ padding: 0, fontWeight: vars.fontWeight.medium });

export const hint = style({
  margin: `2px 0 ${vars.space[2]}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const options = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space[2] });

export const option = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space[2],
  minHeight: '44px',
  paddingInline: vars.space[3],
  borderRadius: vars.radius.full,
  border: `1px solid ${vars.color.borderStrong}`,
  cursor: 'pointer',
  selectors: {
    '&:has(input:checked)': {
      borderColor: vars.color.accent,
      backgroundColor: vars.color.accentSubtle,
    },
    '&:has(input:focus-visible)': {
      outline: `2px solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
    },
  },
});

export const radio = style({ margin: 0, accentColor: vars.color.accent });
