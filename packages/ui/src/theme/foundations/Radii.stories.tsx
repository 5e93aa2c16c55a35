import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { vars } from '../contract.css.js';
import { radius } from '../tokens.js';
import { TokenTable } from './TokenTable.js';

const radii = Object.entries(radius) as Array<[keyof typeof radius, string]>;

/** Corner radii: cards and dialogs use lg/xl, buttons and avatars are round. */
function Radii() {
  return (
    <TokenTable
      caption="Radii"
      rows={radii.map(([name, value]) => ({
        name: `radius.${name}`,
        value,
        variable: vars.radius[name],
        sample: (
          <span
            data-token={`radius.${name}`}
            style={{
              display: 'block',
              width: 64,
              height: 40,
              borderRadius: vars.radius[name],
              border: `2px solid ${vars.color.borderStrong}`,
              backgroundColor: vars.color.surface,
            }}
          />
        ),
      }))}
    />
  );
}

const meta = {
  title: 'Foundations/Radii',
  component: Radii,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Radii>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Scale: Story = {
  play: async ({ canvasElement }) => {
    const card = canvasElement.querySelector('[data-token="radius.lg"]') as HTMLElement;
    await expect(getComputedStyle(card).borderTopLeftRadius).toBe(radius.lg);
  },
};
