import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ConnectedApp } from '@whisp/api-client';
import { useState } from 'react';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import {
  CONNECTED_APPS_EMPTY_TITLE,
  ConnectedAppList,
  type ConnectedAppListProps,
} from './ConnectedAppList.js';

// A fixed clock, so "Authorized" and "Last used" read the same on every run.
const NOW = new Date('2026-11-28T12:00:00Z');
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();
const DAY = 60 * 24;

const elk: ConnectedApp = {
  id: 'app-elk',
  name: 'Elk',
  website: 'https://elk.zone',
  scopes: ['read', 'write', 'follow', 'push'],
  authorized_at: ago(30 * DAY),
  last_used_at: ago(95),
};
const tusky: ConnectedApp = {
  id: 'app-tusky',
  name: 'Tusky',
  website: 'https://tusky.app',
  scopes: ['read', 'write', 'follow'],
  authorized_at: ago(200 * DAY),
  last_used_at: ago(14 * DAY),
};
const terminal: ConnectedApp = {
  id: 'app-terminal',
  name: 'Toot Terminal',
  website: null,
  scopes: ['read'],
  authorized_at: ago(2 * DAY),
  last_used_at: ago(2 * DAY),
};

const meta = {
  title: 'Components/ConnectedAppList',
  component: ConnectedAppList,
  args: { apps: [elk, tusky, terminal], onRevoke: fn(), onRetry: fn(), now: NOW },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 600 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ConnectedAppList>;

export default meta;
type Story = StoryObj<typeof meta>;

const rowOf = (canvas: { getByRole: typeof screen.getByRole }, name: string) =>
  within(canvas.getByRole('list', { name: 'Connected apps' }))
    .getAllByRole('listitem')
    .find((row) => within(row).queryByText(name, { exact: true }));

/**
 * Each app with its website, what it may do and when it was authorized and last used; Revoke
 * asks first, opening on Cancel.
 */
export const Playground: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const row = rowOf(canvas, 'Tusky');
    await expect(row).toHaveTextContent('Can use: read, write, follow');
    await expect(row).toHaveTextContent('Authorized May 12 · Last used Nov 14');
    await expect(
      within(row as HTMLElement).getByRole('link', { name: 'tusky.app (opens in a new tab)' }),
    ).toHaveAttribute('href', 'https://tusky.app/');
    await expect(rowOf(canvas, 'Elk')).toHaveTextContent('Authorized Oct 29 · Last used 1h');

    await userEvent.click(canvas.getByRole('button', { name: 'Revoke Tusky' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke Tusky?' });
    await expect(dialog).toHaveAccessibleDescription(
      'Tusky will be signed out and can no longer use your account. To use it again, sign in from the app.',
    );
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await expect(args.onRevoke).toHaveBeenCalledWith(tusky);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** Escape (or Cancel) keeps the app, and focus goes back to its Revoke button. */
export const CancelKeepsTheApp: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const revoke = canvas.getByRole('button', { name: 'Revoke Elk' });
    revoke.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Revoke Elk?' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(revoke).toHaveFocus();
    await expect(args.onRevoke).not.toHaveBeenCalled();
  },
};

/** The list as an app keeps it: a revoked app leaves at once (optimistically). */
function RevokingList(props: ConnectedAppListProps) {
  const [apps, setApps] = useState(props.apps);
  return (
    <ConnectedAppList
      {...props}
      apps={apps}
      onRevoke={(app) => {
        props.onRevoke(app);
        setApps((list) => list.filter((other) => other.id !== app.id));
      }}
    />
  );
}

/** Once an app has left the list, focus goes to the next app's Revoke, so the keyboard goes on. */
export const FocusAfterRevoking: Story = {
  render: (args) => <RevokingList {...args} />,
  play: async ({ canvas, userEvent }) => {
    canvas.getByRole('button', { name: 'Revoke Elk' }).focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Revoke Elk?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Revoke Tusky' })).toHaveFocus());
    await expect(canvas.queryByText('Elk', { exact: true })).toBeNull();
  },
};

/** A revocation on its way: that row's button spins and ignores clicks. */
export const Revoking: Story = {
  args: { pendingIds: ['app-tusky'] },
  play: async ({ canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Revoke Tusky' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    await expect(screen.queryByRole('dialog')).toBeNull();
  },
};

export const Loading: Story = {
  args: { status: 'loading' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading connected apps');
  },
};

export const Empty: Story = {
  args: { apps: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: CONNECTED_APPS_EMPTY_TITLE })).toBeVisible();
  },
};

export const Failed: Story = {
  args: { status: 'error' },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Failed to load your connected apps');
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

/** A long name, a long website and every granular scope wrap inside the row. */
export const LongNamesAndManyScopes: Story = {
  args: {
    apps: [
      {
        id: 'app-long',
        name: 'The Extraordinarily Long-Named Federated Timeline Reader for Tablets and Phones',
        website: 'https://www.an-unusually-long-domain-name-for-a-small-app.example/about',
        scopes: [
          'read:accounts',
          'read:blocks',
          'read:bookmarks',
          'read:favourites',
          'read:filters',
          'read:follows',
          'read:lists',
          'read:mutes',
          'read:notifications',
          'read:search',
          'read:statuses',
          'write:statuses',
          'write:media',
          'push',
        ],
        authorized_at: ago(400 * DAY),
        last_used_at: ago(0),
      },
      elk,
    ],
  },
  play: async ({ canvasElement }) => {
    const list = canvasElement.querySelector('ul');
    await expect(list?.scrollWidth).toBeLessThanOrEqual(list?.clientWidth ?? 0);
  },
};

/** At a phone's width the Revoke buttons stay a finger's size. */
export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    const revoke = canvas.getByRole('button', { name: 'Revoke Elk' });
    await expect(revoke.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };
