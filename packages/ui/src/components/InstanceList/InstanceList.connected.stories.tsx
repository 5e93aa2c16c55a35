import type { Meta, StoryObj } from '@storybook/react-vite';
import { createMockApi, MOCK_MODERATOR_TOKEN } from '@whisp/api-client/mocks';
import { expect, screen, waitFor, within } from 'storybook/test';
import { ApiProviders } from '../../stories/connected.js';
import { ConnectedInstanceList } from '../../stories/connectedInstances.js';
import { INSTANCES_EMPTY_TITLE } from './instancePolicyText.js';

const api = createMockApi({ seed: 1, delayMs: 800 });

/**
 * The seeded servers (spam.example suspended, loud.example silenced) and one whose member is
 * known here, afresh for every story: the mock data outlives a story, and these change it.
 */
function seedServers() {
  api.store.reset('default');
  api.setScenario('default');
  api.store.addRemoteMember('ana', 'chatter.example');
}

const meta = {
  title: 'Moderation/InstanceList/Connected',
  component: ConnectedInstanceList,
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
} satisfies Meta<typeof ConnectedInstanceList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The dialog named so, once its entrance animation has run (it fades in from transparent). */
async function openedDialog(name: string) {
  const dialog = await screen.findByRole('dialog', { name });
  await waitFor(() => expect(dialog).toBeVisible());
  return dialog;
}

const servers = (canvas: { findByRole: typeof screen.findByRole }) =>
  canvas.findByRole('list', { name: 'Servers' }, { timeout: 10_000 });

/** Suspend a known server and lift it again, each through the client to the mock API. */
export const SuspendAndLiftThroughTheApi: Story = {
  beforeEach: seedServers,
  play: async ({ canvas, userEvent }) => {
    const list = await servers(canvas);
    const row = within(list).getByRole('listitem', { name: 'chatter.example' });
    await expect(row).toHaveTextContent('1 member here');
    await userEvent.click(within(row).getByRole('button', { name: 'Suspend chatter.example' }));
    const dialog = await openedDialog('Suspend chatter.example?');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Spam waves.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend server' }));
    await waitFor(() => expect(screen.getByText('Server suspended')).toBeVisible());
    await waitFor(() => expect(row).toHaveTextContent('SuspendedSet now'));
    await expect(row).toHaveTextContent('Spam waves.');

    await userEvent.click(
      within(row).getByRole('button', { name: 'Lift the policy on chatter.example' }),
    );
    const lift = await openedDialog('Lift the policy on chatter.example?');
    await userEvent.click(within(lift).getByRole('button', { name: 'Lift policy' }));
    await waitFor(() => expect(screen.getByText('Policy lifted')).toBeVisible());
    // Its member is still known here, so the server stays, without a policy.
    await waitFor(() => expect(row).not.toHaveTextContent('Suspended'));
  },
};

/** A server nobody here has met, suspended from "Add a server"; lifting it takes it off the list. */
export const AddAServerThroughTheApi: Story = {
  beforeEach: seedServers,
  play: async ({ canvas, userEvent }) => {
    const list = await servers(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Add a server' }));
    const dialog = await openedDialog('Add a server');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Server' }), 'Bots.Example');
    await userEvent.click(within(dialog).getByRole('radio', { name: /Silence/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Bot farm.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Silence server' }));
    await waitFor(() => expect(screen.getByText('Server silenced')).toBeVisible());
    const row = await within(list).findByRole('listitem', { name: 'bots.example' });
    await expect(row).toHaveTextContent('No members hereSilenced');

    await userEvent.click(
      within(row).getByRole('button', { name: 'Lift the policy on bots.example' }),
    );
    const lift = await openedDialog('Lift the policy on bots.example?');
    await userEvent.click(within(lift).getByRole('button', { name: 'Lift policy' }));
    await waitFor(() =>
      expect(within(list).queryByRole('listitem', { name: 'bots.example' })).toBeNull(),
    );
  },
};

/** The seeded policies, as a moderator first sees them. */
export const Seeded: Story = {
  beforeEach: seedServers,
  play: async ({ canvas }) => {
    const list = await servers(canvas);
    await expect(within(list).getByRole('listitem', { name: 'spam.example' })).toHaveTextContent(
      'Suspended',
    );
    await expect(within(list).getByRole('listitem', { name: 'loud.example' })).toHaveTextContent(
      'Silenced',
    );
  },
};

/** No server known and no policy set. */
export const Empty: Story = {
  beforeEach: () => {
    // The default data set has no remote members: without its two policies, no server is known.
    api.store.reset('default');
    api.setScenario('default');
    api.store.data.instancePolicies.splice(0);
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: INSTANCES_EMPTY_TITLE }, { timeout: 10_000 }),
    ).toBeVisible();
  },
};

/** The API is slow: the list shows it is loading. */
export const Loading: Story = {
  beforeEach: () => {
    seedServers();
    api.setScenario('slow');
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status')).toHaveTextContent('Loading servers');
  },
};

/** The API fails: the error, with Retry. */
export const LoadFails: Story = {
  beforeEach: () => {
    seedServers();
    api.setScenario('error');
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('button', { name: 'Retry' }, { timeout: 10_000 }),
    ).toBeVisible();
  },
};
