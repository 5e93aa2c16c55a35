import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { ErrorState } from './ErrorState.js';

const meta = {
  title: 'Primitives/ErrorState',
  component: ErrorState,
  args: { message: 'Failed to load Whisps. Please try again.', onRetry: fn() },
} satisfies Meta<typeof ErrorState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Failed to load Whisps. Please try again.',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Try Again' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const Retrying: Story = { args: { retrying: true } };

export const NotificationsRetry: Story = {
  args: { message: 'Failed to load notifications', retryLabel: 'Retry' },
};

export const WithoutRetry: Story = {
  args: { onRetry: undefined, message: 'Failed to load posts' },
};
