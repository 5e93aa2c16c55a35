import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Skeleton, WhispSkeletonList } from './Skeleton.js';

const meta = {
  title: 'Primitives/Skeleton',
  component: Skeleton,
  args: { width: 240, height: 16 },
} satisfies Meta<typeof Skeleton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

/** The feed's loading state: a busy status region announced as "Loading whisps". */
export const WhispList: Story = {
  render: () => <WhispSkeletonList count={3} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading whisps');
  },
};
