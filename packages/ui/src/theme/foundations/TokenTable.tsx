import type { ReactNode } from 'react';
import { vars } from '../contract.css.js';

export interface TokenRow {
  /** `space[4]`, as code reads it. */
  name: string;
  /** The raw value from tokens.ts or the palette. */
  value: string;
  /** The contract's CSS variable, `var(--…)`. */
  variable: string;
  sample: ReactNode;
}

/** The variable's name without `var( )`, for a reader who inspects the page. */
const variableName = (reference: string) => reference.replace(/^var\((.*)\)$/, '$1');

/** One row per token: a live sample drawn with the contract's variable, its name and value. */
export function TokenTable({ caption, rows }: { caption: string; rows: TokenRow[] }) {
  const cell = { padding: `${vars.space[2]} ${vars.space[3]}`, verticalAlign: 'middle' } as const;
  return (
    <table
      style={{
        borderCollapse: 'collapse',
        width: '100%',
        fontSize: vars.fontSize.sm,
        color: vars.color.text,
      }}
    >
      <caption
        style={{ textAlign: 'start', fontWeight: vars.fontWeight.bold, padding: cell.padding }}
      >
        {caption}
      </caption>
      <thead>
        <tr style={{ textAlign: 'start', color: vars.color.textMuted }}>
          <th style={{ ...cell, textAlign: 'start' }}>Sample</th>
          <th style={{ ...cell, textAlign: 'start' }}>Token</th>
          <th style={{ ...cell, textAlign: 'start' }}>Value</th>
          <th style={{ ...cell, textAlign: 'start' }}>CSS variable</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name} style={{ borderTop: `1px solid ${vars.color.border}` }}>
            <td style={cell}>{row.sample}</td>
            <td style={cell}>
              <code>{row.name}</code>
            </td>
            <td style={cell}>
              <code>{row.value}</code>
            </td>
            <td style={{ ...cell, color: vars.color.textMuted }}>
              <code>{variableName(row.variable)}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
