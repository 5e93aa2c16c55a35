import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { vars } from '../contract.css.js';
import { space } from '../tokens.js';
import { TokenTable } from './TokenTable.js';

const steps = Object.entries(space) as Array<[`${keyof typeof space}`, string]>;

/** The 4 px spacing scale: the key is the multiple of 4. */
function Spacing() {
  return (
    <TokenTable
      caption="Spacing (4 px steps; space[3] is 12 px)"
      rows={steps.map(([step, value]) => ({
        name: `space[${step}]`,
        value,
        variable: vars.space[step],
        sample: (
          <span
            data-token={`space[${step}]`}
            style={{
              display: 'block',
              width: vars.space[step],
              height: vars.space[4],
              minWidth: 1,
              backgroundColor: vars.color.accent,
              borderRadius: vars.radius.sm,
            }}
          />
        ),
      }))}
    />
  );
}

const meta = {
  title: 'Foundations/Spacing',
  component: Spacing,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Spacing>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Scale: Story = {
  play: async ({ canvasElement }) => {
    const bar = canvasElement.querySelector('[data-token="space[4]"]') as HTMLElement;
    await expect(getComputedStyle(bar).width).toBe(space[4]);
    await expect(canvasElement.querySelectorAll('[data-token^="space["]')).toHaveLength(
      steps.length,
    );
  },
};
