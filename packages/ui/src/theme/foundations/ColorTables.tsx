import type { CSSProperties, ReactNode } from 'react';
import { vars } from '../contract.css.js';
import { formatContrastRatio } from '../contrast.js';
import { darkPalette, lightPalette, type Palette } from '../palettes.js';
import { type ColorPairing, colorPairings, measurePairing } from './colorPairings.js';

const colorTokens = Object.keys(lightPalette) as Array<keyof Palette>;
const palettes = [
  ['Light', lightPalette],
  ['Dark', darkPalette],
] as const;

/** The variable's name without `var( )`, as a host page would set it. */
const variableName = (reference: string) => reference.replace(/^var\((.*)\)$/, '$1');

const cell: CSSProperties = {
  padding: `${vars.space[2]} ${vars.space[3]}`,
  verticalAlign: 'middle',
  textAlign: 'start',
};
const headerCell: CSSProperties = { ...cell, color: vars.color.textMuted, fontWeight: 600 };
const tableStyle: CSSProperties = {
  borderCollapse: 'collapse',
  width: '100%',
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
};
const captionStyle: CSSProperties = {
  ...cell,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
};

/** A fixed colour, whatever the page's theme: it shows the other theme's value too. */
function Swatch({ color }: { color: string }) {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-block',
        width: 20,
        height: 20,
        flex: 'none',
        borderRadius: vars.radius.sm,
        border: `1px solid ${vars.color.borderStrong}`,
        backgroundColor: color,
      }}
    />
  );
}

function HexValue({ color }: { color: string }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: vars.space[2] }}>
      <Swatch color={color} />
      <code>{color}</code>
    </span>
  );
}

function Row({ children }: { children: ReactNode }) {
  return <tr style={{ borderTop: `1px solid ${vars.color.border}` }}>{children}</tr>;
}

/** Each colour token: its CSS variable and its value in each theme. */
export function ColorTokenTable() {
  return (
    <table style={tableStyle}>
      <caption style={captionStyle}>Colour tokens</caption>
      <thead>
        <tr>
          <th style={headerCell}>Token</th>
          <th style={headerCell}>CSS variable</th>
          {palettes.map(([name]) => (
            <th key={name} style={headerCell}>
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {colorTokens.map((token) => (
          <Row key={token}>
            <th scope="row" style={{ ...cell, fontWeight: 'inherit' }}>
              <code>color.{token}</code>
            </th>
            <td style={cell}>
              <code>{variableName(vars.color[token])}</code>
            </td>
            {palettes.map(([name, palette]) => (
              <td key={name} style={cell} data-theme-value={name.toLowerCase()}>
                <HexValue color={palette[token]} />
              </td>
            ))}
          </Row>
        ))}
      </tbody>
    </table>
  );
}

/** The pairing drawn live in the page's theme: text, or an outline for user-interface parts. */
function PairingSample({ pairing }: { pairing: ColorPairing }) {
  const frame: CSSProperties = {
    display: 'inline-flex',
    alignItems: 'center',
    minWidth: 56,
    minHeight: 32,
    paddingInline: vars.space[3],
    borderRadius: vars.radius.md,
    backgroundColor: vars.color[pairing.background],
    border: `1px solid ${vars.color.border}`,
  };
  if (pairing.use === 'userInterface') {
    return (
      <span aria-hidden style={frame}>
        <span
          style={{
            width: 32,
            height: 16,
            borderRadius: vars.radius.sm,
            border: `2px solid ${vars.color[pairing.foreground]}`,
          }}
        />
      </span>
    );
  }
  return (
    <span style={{ ...frame, color: vars.color[pairing.foreground], fontWeight: 600 }}>Aa</span>
  );
}

function Verdict({ pairing, palette }: { pairing: ColorPairing; palette: Palette }) {
  const { ratio, passes, largeTextOnly } = measurePairing(pairing, palette);
  const verdict = passes ? 'passes AA' : largeTextOnly ? 'large text only' : 'fails AA';
  return (
    <span style={{ display: 'inline-flex', flexDirection: 'column' }}>
      <strong style={{ fontVariantNumeric: 'tabular-nums' }}>{formatContrastRatio(ratio)}</strong>
      <span style={{ color: passes ? vars.color.textMuted : vars.color.danger }}>
        {passes ? '✓ ' : '✗ '}
        {verdict}
      </span>
    </span>
  );
}

/** Every pairing the components draw, with its WCAG contrast ratio in each theme. */
export function ContrastTable() {
  return (
    <table style={tableStyle}>
      <caption style={{ ...captionStyle, fontWeight: 'normal' }}>
        <strong>Contrast of each pairing</strong>
        <br />
        <span style={{ fontSize: vars.fontSize.sm, color: vars.color.textMuted }}>
          Computed from the palettes. WCAG 2.2 AA needs 4.5:1 for text, 3:1 for large text (24 px,
          or 18.66 px bold) and for user-interface parts such as outlines and focus rings.
        </span>
      </caption>
      <thead>
        <tr>
          <th style={headerCell}>Sample</th>
          <th style={headerCell}>Foreground on background</th>
          <th style={headerCell}>Needs</th>
          {palettes.map(([name]) => (
            <th key={name} style={headerCell}>
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {colorPairings.map((pairing) => (
          <Row key={`${pairing.foreground}-${pairing.background}`}>
            <td style={cell}>
              <PairingSample pairing={pairing} />
            </td>
            <th scope="row" style={{ ...cell, fontWeight: 'inherit' }}>
              <code>{pairing.foreground}</code> on <code>{pairing.background}</code>
              <br />
              <span style={{ color: vars.color.textMuted }}>{pairing.where}</span>
            </th>
            <td style={cell}>{pairing.use === 'text' ? '4.5:1 (text)' : '3:1 (UI)'}</td>
            {palettes.map(([name, palette]) => (
              <td key={name} style={cell} data-theme-value={name.toLowerCase()}>
                <Verdict pairing={pairing} palette={palette} />
              </td>
            ))}
          </Row>
        ))}
      </tbody>
    </table>
  );
}
