import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Identity } from '@whisp/api-client';
import { errorMessage } from '@whisp/api-client/contract/errors';
import { expect, fn, within } from 'storybook/test';
import { ConnectedAccounts } from './ConnectedAccounts.js';

// A fixed clock, so "Connected" reads the same on every run.
const NOW = new Date('2026-11-28T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();

const defined = <T,>(value: T | undefined): T => {
  if (value === undefined) throw new Error('expected a row');
  return value;
};

const providers = [
  { id: 'keycloak', name: 'Keycloak' },
  { id: 'gitlab', name: 'GitLab' },
];
const keycloak: Identity = {
  id: 'identity-keycloak',
  provider: 'keycloak',
  name: 'Keycloak',
  created_at: daysAgo(3),
};

const meta = {
  title: 'Components/ConnectedAccounts',
  component: ConnectedAccounts,
  args: {
    providers,
    identities: [keycloak],
    onConnect: fn(),
    onDisconnect: fn(),
    onRetry: fn(),
    now: NOW,
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 600 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ConnectedAccounts>;

export default meta;
type Story = StoryObj<typeof meta>;

/** One row per provider: Disconnect where an account is connected, Connect where none is. */
export const Playground: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const rows = within(canvas.getByRole('list', { name: 'Connected accounts' })).getAllByRole(
      'listitem',
    );
    await expect(rows).toHaveLength(2);
    await expect(within(defined(rows[0])).getByText('Keycloak')).toBeVisible();
    await expect(rows[0]).toHaveTextContent('Connected 3d');
    await expect(within(defined(rows[1])).getByText('GitLab')).toBeVisible();
    await expect(rows[1]).toHaveTextContent('Not connected');
    await userEvent.click(canvas.getByRole('button', { name: 'Disconnect Keycloak' }));
    await expect(args.onDisconnect).toHaveBeenCalledWith(keycloak);
    await userEvent.click(canvas.getByRole('button', { name: 'Connect GitLab' }));
    await expect(args.onConnect).toHaveBeenCalledWith(providers[1]);
  },
};

/**
 * The member's only way to sign in may not go: the server's reason is shown under the account,
 * and the button is described by it.
 */
export const LastWayToSignIn: Story = {
  args: {
    refusal: { identityId: keycloak.id, message: errorMessage('lastSignInMethod') },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'This is your only way to sign in. Set a password or connect another account before disconnecting it.',
    );
    await expect(
      canvas.getByRole('button', { name: 'Disconnect Keycloak' }),
    ).toHaveAccessibleDescription(errorMessage('lastSignInMethod'));
  },
};

/** Two accounts at one provider, and one at a provider the server no longer offers. */
export const SeveralAccounts: Story = {
  args: {
    identities: [
      keycloak,
      {
        id: 'identity-keycloak-2',
        provider: 'keycloak',
        name: 'Keycloak',
        created_at: daysAgo(400),
      },
      { id: 'identity-old', provider: 'old-sso', name: 'Old SSO', created_at: daysAgo(30) },
    ],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('button', { name: 'Disconnect Keycloak' })).toHaveLength(2);
    await expect(canvas.getByRole('button', { name: 'Disconnect Old SSO' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Connect GitLab' })).toBeVisible();
  },
};

/** A connection or disconnection on its way: that button spins and ignores clicks. */
export const Pending: Story = {
  args: { pendingIds: ['gitlab'] },
  play: async ({ args, canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Connect GitLab' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    await expect(args.onConnect).not.toHaveBeenCalled();
  },
};

export const Loading: Story = {
  args: { status: 'loading' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading connected accounts');
  },
};

/** A server without providers, and no account connected before: nothing to connect. */
export const NoProviders: Story = {
  args: { providers: [], identities: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'No other ways to sign in' })).toBeVisible();
  },
};

export const Failed: Story = {
  args: { status: 'error' },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Failed to load your connected accounts',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

/** At a phone's width a long provider name wraps and the buttons stay a finger's size. */
export const Phone: Story = {
  args: {
    providers: [...providers, { id: 'company', name: 'Example Corporation Single Sign-On Portal' }],
    refusal: { identityId: keycloak.id, message: errorMessage('lastSignInMethod') },
  },
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    const connect = canvas.getByRole('button', {
      name: 'Connect Example Corporation Single Sign-On Portal',
    });
    await expect(connect.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
  },
};
