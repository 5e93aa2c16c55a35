import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { SessionList, type SessionListItem } from './SessionList.js';

// A fixed clock, so "Last used" reads the same on every run.
const NOW = new Date('2026-11-25T12:00:00Z');
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

const sessions: SessionListItem[] = [
  { id: 's1', device: 'Chrome on macOS', deviceKind: 'laptop', lastUsedAt: ago(0), current: true },
  { id: 's2', device: 'Safari on iOS', deviceKind: 'mobile', lastUsedAt: ago(90), current: false },
  {
    id: 's3',
    device: 'Firefox on Windows',
    deviceKind: 'desktop',
    lastUsedAt: ago(60 * 24 * 12),
    current: false,
  },
];

const meta = {
  title: 'Components/SessionList',
  component: SessionList,
  args: { sessions, onSignOut: fn(), onRetry: fn(), now: NOW },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 600 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof SessionList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Each row names its device and when it was last used; this browser's row is marked. */
export const Playground: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const rows = canvas.getAllByRole('listitem');
    await expect(rows).toHaveLength(3);
    await expect(rows[0]).toHaveTextContent('This device');
    await expect(rows[1]).toHaveTextContent('Last used 1h');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign out Safari on iOS' }));
    await expect(args.onSignOut).toHaveBeenCalledWith(sessions[1]);
  },
};

/** A sign-out on its way: that row's button spins and ignores clicks. */
export const SigningOut: Story = {
  args: { pendingIds: ['s2'] },
  play: async ({ args, canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Sign out Safari on iOS' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    await expect(args.onSignOut).not.toHaveBeenCalled();
  },
};

export const Loading: Story = {
  args: { status: 'loading' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading sessions');
  },
};

export const Empty: Story = {
  args: { sessions: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'No signed-in sessions' })).toBeVisible();
  },
};

export const Failed: Story = {
  args: { status: 'error' },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Failed to load your sessions');
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

/** Signed in on many devices, one with no user agent and one with a long name. */
export const LongList: Story = {
  args: {
    sessions: [
      ...sessions,
      ...Array.from({ length: 9 }, (_, index) => ({
        id: `extra-${index}`,
        device: index === 0 ? 'Unknown device' : `Chrome on Android ${index + 6}`,
        deviceKind: index === 0 ? ('desktop' as const) : ('mobile' as const),
        lastUsedAt: ago(60 * 24 * (index + 20)),
        current: false,
      })),
      {
        id: 'long',
        device: 'Samsung Internet for Android on Samsung Galaxy Tab S9 Ultra (Android 14)',
        deviceKind: 'tablet',
        lastUsedAt: ago(60 * 24 * 400),
        current: false,
      },
    ],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('listitem')).toHaveLength(13);
  },
};

export const Phone: Story = { globals: { viewport: { value: 'phone' } } };
