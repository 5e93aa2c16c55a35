import type { Meta, StoryObj } from '@storybook/react-vite';
import { createMockApi } from '@whisp/api-client/mocks';
import { expect, waitFor } from 'storybook/test';
import { ApiProviders, ConnectedFeed } from '../../stories/connected.js';

const meta = {
  title: 'Layout/Feed/Connected',
  component: ConnectedFeed,
  decorators: [
    (Story) => (
      <ApiProviders>
        <Story />
      </ApiProviders>
    ),
  ],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ConnectedFeed>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The seeded network through the client and the mock API. */
export const Default: Story = {
  parameters: { msw: { handlers: createMockApi({ seed: 1 }).handlers } },
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getAllByRole('article').length).toBeGreaterThan(0), {
      timeout: 10_000,
    });
  },
};

/** A new member with nobody followed: the empty state. */
export const Empty: Story = {
  parameters: { msw: { handlers: createMockApi({ scenario: 'empty' }).handlers } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'No whisps yet' }, { timeout: 10_000 }),
    ).toBeVisible();
  },
};

/** A slow server: the skeletons. */
export const Loading: Story = {
  parameters: { msw: { handlers: createMockApi({ scenario: 'slow', delayMs: 1e9 }).handlers } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading whisps');
  },
};

/** Every /api call fails: the spec's inline error with Try Again. */
export const ServerError: Story = {
  parameters: { msw: { handlers: createMockApi({ scenario: 'error' }).handlers } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'Failed to load Whisps. Please try again.',
    );
    await expect(canvas.getByRole('button', { name: 'Try Again' })).toBeVisible();
  },
};
