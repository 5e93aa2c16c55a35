import type { Meta, StoryObj } from '@storybook/react-vite';
import { CONNECTED_APP_MESSAGES } from '@whisp/api-client/contract/connected-apps';
import { createMockApi, MOCK_OAUTH_APPS } from '@whisp/api-client/mocks';
import { expect, screen, waitFor, within } from 'storybook/test';
import { ApiProviders } from '../../stories/connected.js';
import { ConnectedAppsSettings } from '../../stories/connectedApps.js';
import { CONNECTED_APPS_EMPTY_TITLE } from './ConnectedAppList.js';

const api = createMockApi({ seed: 1 });
const { elk, tusky } = MOCK_OAUTH_APPS;

const meta = {
  title: 'Components/ConnectedAppList/Connected',
  component: ConnectedAppsSettings,
  parameters: { msw: { handlers: api.handlers } },
  beforeEach: () => {
    api.setScenario('empty');
    api.setScenario('default');
  },
  decorators: [
    (Story) => (
      <ApiProviders>
        <div style={{ maxWidth: 600 }}>
          <Story />
        </div>
      </ApiProviders>
    ),
  ],
} satisfies Meta<typeof ConnectedAppsSettings>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The seeded viewer's apps; revoking Elk asks first, then takes it out and says so. */
export const Revoke: Story = {
  play: async ({ canvas, userEvent }) => {
    const list = await canvas.findByRole('list', { name: 'Connected apps' }, { timeout: 10_000 });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(canvas.getByRole('button', { name: `Revoke ${elk.name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Revoke ${elk.name}?` });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await expect(
      await screen.findByText(CONNECTED_APP_MESSAGES.revoked(elk.name)),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    await expect(within(list).getByText(tusky.name)).toBeVisible();
    await expect(api.store.data.connectedApps.map((record) => record.app_id)).toEqual([tusky.id]);
  },
};

/** A member who connected no app. */
export const Empty: Story = {
  parameters: { msw: { handlers: createMockApi({ scenario: 'empty' }).handlers } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: CONNECTED_APPS_EMPTY_TITLE }, { timeout: 10_000 }),
    ).toBeVisible();
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
