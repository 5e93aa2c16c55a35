import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { VerifiedBadge } from './VerifiedBadge.js';

const meta = {
  title: 'Primitives/VerifiedBadge',
  component: VerifiedBadge,
} satisfies Meta<typeof VerifiedBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Verified account' })).toBeVisible();
  },
};

/** Sized in em, it follows the text it sits in. */
export const NextToAName: Story = {
  render: () => (
    <p style={{ display: 'flex', flexDirection: 'column', gap: 8, margin: 0 }}>
      <strong>
        Ada Lovelace <VerifiedBadge />
      </strong>
      <strong style={{ fontSize: 24 }}>
        Ada Lovelace <VerifiedBadge />
      </strong>
    </p>
  ),
};
