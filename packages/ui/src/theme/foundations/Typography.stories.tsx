import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { vars } from '../contract.css.js';
import { fontFamily, fontSize, fontWeight, lineHeight } from '../tokens.js';
import { TokenTable } from './TokenTable.js';

const entries = <Tokens extends Record<string, string>>(tokens: Tokens) =>
  Object.entries(tokens) as Array<[keyof Tokens & string, string]>;

/** Type sizes, weights, line heights and families, drawn from the tokens and the theme contract. */
function Typography() {
  return (
    <div style={{ display: 'grid', gap: vars.space[8] }}>
      <TokenTable
        caption="Font sizes (body text is md at the body line height)"
        rows={entries(fontSize).map(([name, value]) => ({
          name: `fontSize.${name}`,
          value,
          variable: vars.fontSize[name],
          sample: (
            <span data-token={`fontSize.${name}`} style={{ fontSize: vars.fontSize[name] }}>
              Whisp
            </span>
          ),
        }))}
      />
      <TokenTable
        caption="Font weights"
        rows={entries(fontWeight).map(([name, value]) => ({
          name: `fontWeight.${name}`,
          value,
          variable: vars.fontWeight[name],
          sample: <span style={{ fontWeight: vars.fontWeight[name] }}>Whisp</span>,
        }))}
      />
      <TokenTable
        caption="Line heights"
        rows={entries(lineHeight).map(([name, value]) => ({
          name: `lineHeight.${name}`,
          value,
          variable: vars.lineHeight[name],
          sample: (
            <p style={{ lineHeight: vars.lineHeight[name], margin: 0, maxWidth: '24ch' }}>
              Short posts read best at a comfortable measure.
            </p>
          ),
        }))}
      />
      <TokenTable
        caption="Families (the system stack: no web font to download)"
        rows={entries(fontFamily).map(([name, value]) => ({
          name: `fontFamily.${name}`,
          value: value.split(',')[0] ?? value,
          variable: vars.fontFamily[name],
          sample: <span style={{ fontFamily: vars.fontFamily[name] }}>Whisp 0123</span>,
        }))}
      />
    </div>
  );
}

const meta = {
  title: 'Foundations/Typography',
  component: Typography,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Typography>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Scale: Story = {
  play: async ({ canvas }) => {
    const rows = Object.keys(fontSize).length + Object.keys(fontWeight).length;
    await expect(canvas.getAllByRole('row').length).toBeGreaterThanOrEqual(rows);
    // Drawn through the contract: the sample's computed size is the token's value.
    const body = canvas.getByText('Whisp', { selector: '[data-token="fontSize.md"]' });
    await expect(getComputedStyle(body).fontSize).toBe(fontSize.md);
  },
};
