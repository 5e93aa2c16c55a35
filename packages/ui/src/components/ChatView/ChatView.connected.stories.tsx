import type { Meta, StoryObj } from '@storybook/react-vite';
import { createMockApi } from '@whisp/api-client/mocks';
import { expect, waitFor, within } from 'storybook/test';
import { ApiProviders } from '../../stories/connected.js';
import { ConnectedChatView } from '../../stories/connectedProfileAndChat.js';

const chatApi = createMockApi({ seed: 1 });
const failingApi = createMockApi({ seed: 1 });

const meta = {
  title: 'Headline/ChatView/Connected',
  component: ConnectedChatView,
  decorators: [
    (Story) => (
      <ApiProviders>
        <Story />
      </ApiProviders>
    ),
  ],
  parameters: { layout: 'padded' },
} satisfies Meta<typeof ConnectedChatView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Open a conversation from the API and send a message through it. */
export const SendThroughTheApi: Story = {
  parameters: { msw: { handlers: chatApi.handlers } },
  beforeEach: () => chatApi.setScenario('default'),
  play: async ({ canvas, userEvent }) => {
    const list = await canvas.findByRole('navigation', { name: 'Conversations' });
    const first = (
      await within(list).findAllByRole('button', {}, { timeout: 10_000 })
    )[0] as HTMLElement;
    await userEvent.click(first);
    const log = await canvas.findByRole('list', { name: 'Messages' }, { timeout: 10_000 });
    await userEvent.type(
      canvas.getByRole('textbox', { name: /^Message / }),
      'Hello from the story{Enter}',
    );
    await waitFor(() => expect(within(log).getByText('Hello from the story')).toBeVisible());
    await waitFor(() => expect(within(log).queryByText('Sending…')).toBeNull());
  },
};

/** The send fails: the message stays, marked "Not sent", with Try again. */
export const SendFails: Story = {
  parameters: { msw: { handlers: failingApi.handlers } },
  beforeEach: () => failingApi.setScenario('default'),
  play: async ({ canvas, userEvent }) => {
    const list = await canvas.findByRole('navigation', { name: 'Conversations' });
    const first = (
      await within(list).findAllByRole('button', {}, { timeout: 10_000 })
    )[0] as HTMLElement;
    await userEvent.click(first);
    await canvas.findByRole('list', { name: 'Messages' }, { timeout: 10_000 });
    failingApi.setScenario('error');
    await userEvent.type(
      canvas.getByRole('textbox', { name: /^Message / }),
      'Are you there?{Enter}',
    );
    await expect(await canvas.findByText('Not sent.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: createMockApi({ scenario: 'empty' }).handlers } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No messages yet', {}, { timeout: 10_000 })).toBeVisible();
  },
};
