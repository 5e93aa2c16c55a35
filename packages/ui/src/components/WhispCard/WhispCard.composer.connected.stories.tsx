import type { Meta, StoryObj } from '@storybook/react-vite';
import { createMockApi, MOCK_COMPOSER_IDS } from '@whisp/api-client/mocks';
import { expect, screen, waitFor, within } from 'storybook/test';
import { ApiProviders } from '../../stories/connected.js';
import { ConnectedComposerWhisp, ConnectedThread } from '../../stories/connectedComposer.js';

// One mock API per story: a vote in one story never shows in another.
const voteApi = createMockApi({ seed: 1 });
const historyApi = createMockApi({ seed: 1 });
const threadApi = createMockApi({ seed: 1 });

const meta = {
  title: 'Headline/WhispCard/Polls, warnings and media/Connected',
  component: ConnectedComposerWhisp,
  args: { id: MOCK_COMPOSER_IDS.openPoll },
  decorators: [
    (Story) => (
      <ApiProviders>
        <div style={{ maxWidth: 600 }}>
          <Story />
        </div>
      </ApiProviders>
    ),
  ],
} satisfies Meta<typeof ConnectedComposerWhisp>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A vote goes to POST /api/polls/{id}/votes; the server's poll (counts now shown) replaces it. */
export const VoteThroughTheApi: Story = {
  parameters: { msw: { handlers: voteApi.handlers } },
  beforeEach: () => voteApi.setScenario('default'),
  play: async ({ canvas, userEvent }) => {
    const vote = await canvas.findByRole(
      'button',
      { name: 'Vote for Board game night' },
      { timeout: 10_000 },
    );
    await userEvent.click(vote);
    const results = await canvas.findByRole('list', { name: 'Poll results' });
    // Four earlier votes and this one: 2 + 1 of 5 for the board games.
    await expect(results).toHaveTextContent('60%Board game night, your choice');
    await expect(canvas.getByText(/^5 votes · /)).toBeVisible();
  },
};

/** "Edited" reads GET /api/posts/{id}/history when pressed, and lists the versions newest first. */
export const HistoryThroughTheApi: Story = {
  args: { id: MOCK_COMPOSER_IDS.edited },
  parameters: { msw: { handlers: historyApi.handlers } },
  beforeEach: () => historyApi.setScenario('default'),
  play: async ({ canvas, userEvent }) => {
    const edited = await canvas.findByRole(
      'button',
      { name: /^Edited .*: show earlier versions$/ },
      { timeout: 10_000 },
    );
    await userEvent.click(edited);
    const dialog = await screen.findByRole('dialog', { name: 'Edit history' });
    const versions = await within(dialog).findAllByRole('listitem');
    await expect(versions).toHaveLength(3);
    await expect(versions[0]).toHaveTextContent('Current version');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** The thread page from GET /api/posts/{id}/context: replies nested four deep, two shown. */
export const ThreadThroughTheApi: Story = {
  render: (args) => <ConnectedThread {...args} maxDepth={2} />,
  args: { id: MOCK_COMPOSER_IDS.threadRoot },
  parameters: { msw: { handlers: threadApi.handlers } },
  beforeEach: () => threadApi.setScenario('default'),
  play: async ({ canvas, userEvent }) => {
    const replies = await canvas.findByRole('list', { name: 'Replies' }, { timeout: 10_000 });
    // Two levels shown: the first reply, its reply, and the sibling; the rest behind the button.
    await expect(within(replies).getAllByRole('article')).toHaveLength(3);
    await userEvent.click(canvas.getByRole('button', { name: 'Show more replies' }));
    await expect(within(replies).getAllByRole('article')).toHaveLength(5);
    await expect(
      canvas.getByText('There is a letterpress museum near me, we should all go.'),
    ).toBeVisible();
  },
};
