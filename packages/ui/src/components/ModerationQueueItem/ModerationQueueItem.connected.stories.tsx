import type { Meta, StoryObj } from '@storybook/react-vite';
import { createMockApi, MOCK_MODERATOR_TOKEN } from '@whisp/api-client/mocks';
import { expect, waitFor, within } from 'storybook/test';
import { ApiProviders } from '../../stories/connected.js';
import { ConnectedModerationQueue } from '../../stories/connectedSafety.js';

const api = createMockApi({ seed: 1 });

const meta = {
  title: 'Moderation/ModerationQueueItem/Connected',
  component: ConnectedModerationQueue,
  parameters: { msw: { handlers: api.handlers } },
  decorators: [
    (Story) => (
      <ApiProviders token={MOCK_MODERATOR_TOKEN}>
        <div style={{ maxWidth: 600 }}>
          <Story />
        </div>
      </ApiProviders>
    ),
  ],
} satisfies Meta<typeof ConnectedModerationQueue>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The seeded open reports, oldest first; dismissing one removes it from the queue. */
export const DismissThroughTheApi: Story = {
  beforeEach: () => api.setScenario('default'),
  play: async ({ canvas, userEvent }) => {
    const groups = await canvas.findAllByRole(
      'group',
      { name: 'Resolve report' },
      { timeout: 10_000 },
    );
    const before = groups.length;
    await expect(before).toBeGreaterThan(0);
    const first = groups[0]?.closest('article') as HTMLElement;
    await userEvent.click(within(first).getByRole('button', { name: 'Dismiss' }));
    await userEvent.type(within(first).getByRole('textbox', { name: /Note/ }), 'Not a violation.');
    await userEvent.click(within(first).getByRole('button', { name: 'Dismiss report' }));
    await waitFor(() =>
      expect(canvas.queryAllByRole('group', { name: 'Resolve report' })).toHaveLength(before - 1),
    );
  },
};
