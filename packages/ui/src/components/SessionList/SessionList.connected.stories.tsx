import type { Meta, StoryObj } from '@storybook/react-vite';
import { createMockApi } from '@whisp/api-client/mocks';
import { expect, screen, within } from 'storybook/test';
import { ApiProviders } from '../../stories/connected.js';
import { ConnectedSessionList } from '../../stories/connectedAccount.js';

const api = createMockApi({ seed: 1 });

const meta = {
  title: 'Components/SessionList/Connected',
  component: ConnectedSessionList,
  decorators: [
    (Story) => (
      <ApiProviders>
        <div style={{ maxWidth: 600 }}>
          <Story />
        </div>
      </ApiProviders>
    ),
  ],
} satisfies Meta<typeof ConnectedSessionList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The mocks' member is signed in on three devices; ending one removes it from the list. */
export const EndASession: Story = {
  parameters: { msw: { handlers: api.handlers } },
  beforeEach: () => {
    api.setScenario('empty');
    api.setScenario('default');
  },
  play: async ({ canvas, userEvent }) => {
    const list = await canvas.findByRole(
      'list',
      { name: 'Signed-in sessions' },
      { timeout: 10_000 },
    );
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    await expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('This device');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign out Firefox on Windows' }));
    await expect(await screen.findByText('Signed out Firefox on Windows')).toBeInTheDocument();
    await expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    // Focus moves to the row that took its place, not back to the top of the page.
    await expect(within(list).getAllByRole('button').at(-1)).toHaveFocus();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: createMockApi({ scenario: 'slow', delayMs: 1e9 }).handlers } },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: createMockApi({ scenario: 'error' }).handlers } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert', {}, { timeout: 10_000 })).toBeVisible();
  },
};
