import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { vars } from './contract.css.js';
import { contrastRatio, formatContrastRatio } from './contrast.js';
import { ColorTokenTable, ContrastTable } from './foundations/ColorTables.js';
import { colorPairings, measurePairing } from './foundations/colorPairings.js';
import { darkPalette, lightPalette } from './palettes.js';

/**
 * Each colour token with its value in the light and the dark theme, then every
 * foreground/background pairing the components draw with its contrast ratio, computed from the
 * palettes. The samples are drawn in the toolbar's theme, and the story's axe check measures them
 * as well.
 */
function Colors() {
  return (
    <div style={{ display: 'grid', gap: vars.space[8] }}>
      <ColorTokenTable />
      <ContrastTable />
    </div>
  );
}

const meta = {
  title: 'Foundations/Colors',
  component: Colors,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Colors>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Palette: Story = {
  play: async ({ canvas, canvasElement, globals }) => {
    // The names are public: a host page reads (or sets) the theme's colours by them.
    const palette = globals.theme === 'dark' ? darkPalette : lightPalette;
    await expect(
      getComputedStyle(canvasElement).getPropertyValue('--whisp-color-accent').trim(),
    ).toBe(palette.accent);

    const tokens = canvas.getByRole('table', { name: 'Colour tokens' });
    const accent = within(tokens).getByRole('rowheader', { name: 'color.accent' }).closest('tr');
    await expect(accent).toHaveTextContent('--whisp-color-accent');
    await expect(accent).toHaveTextContent(lightPalette.accent);
    await expect(accent).toHaveTextContent(darkPalette.accent);

    const contrast = canvas.getByRole('table', { name: /Contrast of each pairing/ });
    const body = within(contrast)
      .getByRole('rowheader', { name: /^text on background/ })
      .closest('tr');
    await expect(body).toHaveTextContent(
      formatContrastRatio(contrastRatio(lightPalette.text, lightPalette.background)),
    );
    await expect(body).toHaveTextContent(
      formatContrastRatio(contrastRatio(darkPalette.text, darkPalette.background)),
    );
    await expect(within(contrast).getAllByRole('row')).toHaveLength(colorPairings.length + 1);
    // Every pairing meets AA for what it draws, in both themes: a palette change that breaks one
    // fails here, with the pairing named.
    const failing = colorPairings.flatMap((pairing) =>
      [lightPalette, darkPalette]
        .filter((palette) => !measurePairing(pairing, palette).passes)
        .map((palette) => `${pairing.foreground} on ${pairing.background} (${palette.background})`),
    );
    await expect(failing).toEqual([]);
    await expect(within(contrast).queryByText(/fails AA|large text only/)).toBeNull();
  },
};
