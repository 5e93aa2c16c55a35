import type { Meta, StoryObj } from '@storybook/react-vite';
import { ERRORS } from '@whisp/api-client/contract/errors';
import { createMockApi, MOCK_PRIVATE_MEMBER } from '@whisp/api-client/mocks';
import { expect, screen, within } from 'storybook/test';
import { ApiProviders } from '../../stories/connected.js';
import { ConnectedProfileHeader } from '../../stories/connectedProfileAndChat.js';

const followApi = createMockApi({ seed: 1 });
const failingApi = createMockApi({ seed: 1 });
const privateApi = createMockApi({ seed: 1 });
const remoteApi = createMockApi({ seed: 1 });

const meta = {
  title: 'Headline/ProfileHeader/Connected',
  component: ConnectedProfileHeader,
  args: { username: 'maya_chen' },
  decorators: [
    (Story) => (
      <ApiProviders>
        <div style={{ maxWidth: 600 }}>
          <Story />
        </div>
      </ApiProviders>
    ),
  ],
} satisfies Meta<typeof ConnectedProfileHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

function followers(region: HTMLElement): string {
  return within(region).getByText(/Followers?$/).textContent ?? '';
}

/** Follow goes through the client to the mock API; the button and the count follow its answer. */
export const FollowThroughTheApi: Story = {
  parameters: { msw: { handlers: followApi.handlers } },
  beforeEach: () => followApi.setScenario('default'),
  play: async ({ canvas, userEvent }) => {
    const header = await canvas.findByRole('region', { name: /Maya Chen/ }, { timeout: 10_000 });
    const button = within(header).getByRole('button', { name: /^Follow(ing)?$/ });
    const wasFollowing = button.textContent === 'Following';
    const before = followers(header);
    await userEvent.click(button);
    await expect(
      await within(header).findByRole('button', { name: wasFollowing ? 'Follow' : 'Following' }),
    ).toBeVisible();
    await expect(followers(header)).not.toBe(before);
  },
};

/** The server refuses: the spec's toast, and the button stays as it was. */
export const FollowFails: Story = {
  parameters: { msw: { handlers: failingApi.handlers } },
  beforeEach: () => failingApi.setScenario('default'),
  play: async ({ canvas, userEvent }) => {
    const header = await canvas.findByRole('region', { name: /Maya Chen/ }, { timeout: 10_000 });
    const button = within(header).getByRole('button', { name: /^Follow(ing)?$/ });
    const label = button.textContent;
    failingApi.setScenario('error');
    await userEvent.click(button);
    await expect(await screen.findByText('Failed to follow/unfollow user')).toBeInTheDocument();
    await expect(within(header).getByRole('button', { name: label ?? '' })).toBeVisible();
  },
};

/**
 * The seeded private member: the lock beside the name; Follow sends a request (Requested), and
 * pressing Requested withdraws it.
 */
export const PrivateMemberThroughTheApi: Story = {
  args: { username: MOCK_PRIVATE_MEMBER.username },
  parameters: { msw: { handlers: privateApi.handlers } },
  beforeEach: () => privateApi.setScenario('default'),
  play: async ({ canvas, userEvent }) => {
    const header = await canvas.findByRole(
      'region',
      { name: new RegExp(MOCK_PRIVATE_MEMBER.display_name) },
      { timeout: 10_000 },
    );
    await expect(within(header).getByRole('img', { name: 'Private account' })).toBeVisible();
    await userEvent.click(within(header).getByRole('button', { name: 'Follow' }));
    const requested = await within(header).findByRole('button', { name: 'Requested' });
    await userEvent.click(requested);
    await expect(await within(header).findByRole('button', { name: 'Follow' })).toBeVisible();
  },
};

export const UserNotFound: Story = {
  args: { username: 'nobody_here' },
  parameters: { msw: { handlers: createMockApi({ seed: 1 }).handlers } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      ERRORS.userNotFound.message,
    );
  },
};

/**
 * A member of another server, opened by their handle as the app's `/user/alice@remote.example`
 * does: the mock API answers the profile by `acct`, and the header says which server they are on.
 */
export const RemoteMemberThroughTheApi: Story = {
  args: { username: 'alice@remote.example' },
  parameters: { msw: { handlers: remoteApi.handlers } },
  beforeEach: () => {
    remoteApi.setScenario('default');
    remoteApi.store.reset();
    remoteApi.store.addRemoteMember('alice', 'remote.example');
  },
  play: async ({ canvas }) => {
    const header = await canvas.findByRole('region', { name: 'alice' }, { timeout: 10_000 });
    await expect(within(header).getByText('@alice@remote.example')).toBeVisible();
    await expect(
      within(header).getByRole('link', { name: 'View on remote.example (opens in a new tab)' }),
    ).toHaveAttribute('href', 'https://remote.example/users/alice');
    await expect(within(header).queryByRole('button', { name: 'Message' })).toBeNull();
  },
};
