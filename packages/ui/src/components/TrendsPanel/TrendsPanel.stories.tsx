import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { trends } from '../../stories/fixtures.js';
import { TrendsPanel } from './TrendsPanel.js';

const meta = {
  title: 'Layout/TrendsPanel',
  component: TrendsPanel,
  args: { trends, onRetry: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 350 }}>{Story()}</div>],
} satisfies Meta<typeof TrendsPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'What’s happening' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: /#design/ })).toHaveAttribute(
      'href',
      '/search?q=%23design',
    );
    await expect(canvas.getByText('12.4K whisps')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Show more' })).toHaveAttribute(
      'href',
      '/explore',
    );
  },
};

/** With nothing trending yet, the spec's placeholder hashtags. */
export const Fallback: Story = {
  args: { trends: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: /#General/ })).toBeVisible();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(5);
  },
};

export const Loading: Story = { args: { status: 'loading' } };

export const ErrorState: Story = {
  args: { status: 'error' },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};
