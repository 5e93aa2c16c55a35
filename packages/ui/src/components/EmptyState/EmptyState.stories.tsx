import type { Meta, StoryObj } from '@storybook/react-vite';
import Bookmark from 'lucide-react/icons/bookmark';
import { expect } from 'storybook/test';
import { Button } from '../Button/Button.js';
import { EmptyState } from './EmptyState.js';

const meta = {
  title: 'Primitives/EmptyState',
  component: EmptyState,
  args: {
    title: 'No whisps yet',
    description: 'When people you follow whisp, it shows up here.',
  },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'No whisps yet' })).toBeVisible();
  },
};

export const WithIconAndAction: Story = {
  args: {
    title: 'Save whisps for later',
    description: 'Bookmark a whisp to find it here again.',
    icon: <Bookmark />,
    action: <Button>Explore</Button>,
  },
};
