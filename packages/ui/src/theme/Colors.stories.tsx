import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { vars } from './contract.css.js';
import type { Palette } from './palettes.js';

/**
 * Every foreground/background pairing the components use, drawn as text. The stories' axe check
 * measures each one, in both themes, so a palette change that breaks WCAG AA fails the tests.
 */
const pairings: ReadonlyArray<readonly [foreground: keyof Palette, background: keyof Palette]> = [
  ['text', 'background'],
  ['textMuted', 'background'],
  ['text', 'surface'],
  ['textMuted', 'surface'],
  ['text', 'surfaceHover'],
  ['textMuted', 'surfaceHover'],
  ['accent', 'background'],
  ['accent', 'surface'],
  ['accent', 'accentSubtle'],
  ['onAccent', 'accent'],
  ['onAccent', 'accentHover'],
  ['danger', 'background'],
  ['danger', 'dangerSubtle'],
  ['onDanger', 'danger'],
  ['onDanger', 'dangerHover'],
  ['like', 'background'],
  ['rewhisp', 'background'],
  // Unread notifications sit on the subtle accent.
  ['text', 'accentSubtle'],
  ['textMuted', 'accentSubtle'],
  ['tooltipText', 'tooltipBackground'],
];

function Swatches() {
  return (
    <ul
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
        gap: vars.space[3],
        margin: 0,
        padding: 0,
        listStyle: 'none',
      }}
    >
      {pairings.map(([foreground, background]) => (
        <li
          key={`${foreground}-${background}`}
          style={{
            padding: vars.space[4],
            borderRadius: vars.radius.lg,
            border: `1px solid ${vars.color.border}`,
            backgroundColor: vars.color[background],
            color: vars.color[foreground],
            fontSize: vars.fontSize.md,
          }}
        >
          <strong>{foreground}</strong> on {background}
        </li>
      ))}
    </ul>
  );
}

const meta = {
  title: 'Foundations/Colors',
  component: Swatches,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Swatches>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Light: Story = {
  globals: { theme: 'light' },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('listitem')).toHaveLength(pairings.length);
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
};
