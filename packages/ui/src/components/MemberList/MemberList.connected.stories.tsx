import type { Meta, StoryObj } from '@storybook/react-vite';
import { createMockApi, MOCK_VIEWER } from '@whisp/api-client/mocks';
import { expect, waitFor } from 'storybook/test';
import { ApiProviders } from '../../stories/connected.js';
import { ConnectedMutedMembers } from '../../stories/connectedSafety.js';

const api = createMockApi({ seed: 1 });

/** The viewer mutes the first other member of the seeded network. */
function muteSomeone() {
  api.setScenario('default');
  const other = api.store.data.users.find((user) => user.id !== MOCK_VIEWER.id);
  if (!other) throw new Error('The seeded network has no other member.');
  api.store.data.mutes.push({
    muter_id: MOCK_VIEWER.id,
    muted_id: other.id,
    created_at: new Date().toISOString(),
  });
  return other;
}

const meta = {
  title: 'Safety/MemberList/Connected',
  component: ConnectedMutedMembers,
  parameters: { msw: { handlers: api.handlers } },
  decorators: [
    (Story) => (
      <ApiProviders>
        <div style={{ maxWidth: 600 }}>
          <Story />
        </div>
      </ApiProviders>
    ),
  ],
} satisfies Meta<typeof ConnectedMutedMembers>;

export default meta;
type Story = StoryObj<typeof meta>;

/** GET /api/users/me/mutes lists the member; Unmute goes through the API and empties the list. */
export const UnmuteThroughTheApi: Story = {
  beforeEach: () => {
    muteSomeone();
  },
  play: async ({ canvas, userEvent }) => {
    const list = await canvas.findByRole('list', { name: 'Muted members' }, { timeout: 10_000 });
    await expect(list.children).toHaveLength(1);
    await userEvent.click(canvas.getByRole('button', { name: /^Unmute @/ }));
    await waitFor(() => expect(canvas.getByText('You have not muted anyone.')).toBeVisible());
  },
};
