import type { Meta, StoryObj } from '@storybook/react-vite';
import type { SuggestedUser } from '@whisp/api-client';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { grace, longHandleMember, suggestedUsers } from '../../stories/fixtures.js';
import { WhoToFollowPanel, type WhoToFollowPanelProps } from './WhoToFollowPanel.js';

function FollowablePanel(args: WhoToFollowPanelProps) {
  const [following, setFollowing] = useState<Set<string>>(new Set(args.followingIds));
  return (
    <WhoToFollowPanel
      {...args}
      followingIds={following}
      onFollowToggle={(user: SuggestedUser) => {
        args.onFollowToggle(user);
        setFollowing((ids) => {
          const next = new Set(ids);
          if (next.has(user.id)) next.delete(user.id);
          else next.add(user.id);
          return next;
        });
      }}
    />
  );
}

const meta = {
  title: 'Layout/WhoToFollowPanel',
  component: WhoToFollowPanel,
  render: FollowablePanel,
  args: { users: suggestedUsers, onFollowToggle: fn(), onRetry: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 350 }}>{Story()}</div>],
} satisfies Meta<typeof WhoToFollowPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { name: 'Who to follow' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Follow Grace Hopper' }));
    await expect(args.onFollowToggle).toHaveBeenCalledWith(
      expect.objectContaining({ username: 'grace_h' }),
    );
    await expect(canvas.getByRole('button', { name: 'Following Grace Hopper' })).toBeVisible();
  },
};

/**
 * A private member the viewer asked to follow stays suggested and reads Requested (its hint says
 * pressing withdraws); the others still read Follow.
 */
export const Requested: Story = {
  args: {
    users: suggestedUsers.map((user) =>
      user.id === grace.id ? { ...user, is_requested: true } : user,
    ),
  },
  render: (args) => <WhoToFollowPanel {...args} />,
  play: async ({ args, canvas, userEvent }) => {
    const requested = canvas.getByRole('button', { name: 'Requested Grace Hopper' });
    await expect(requested).toHaveAccessibleDescription(
      'Waiting for @grace_h to approve. Press to withdraw the request.',
    );
    await expect(canvas.getByRole('button', { name: 'Follow Ada Lovelace' })).toBeVisible();
    await userEvent.click(requested);
    await expect(args.onFollowToggle).toHaveBeenCalledWith(
      expect.objectContaining({ username: 'grace_h', is_requested: true }),
    );
  },
};

/**
 * A member of another server among the suggestions: their whole handle, clipped to the column,
 * and their follow reads Requested until their server accepts, as a private member's does.
 */
export const RemoteMember: Story = {
  args: {
    users: [
      {
        ...longHandleMember,
        verified: longHandleMember.is_verified,
        bio: null,
        followers_count: 12,
        is_requested: true,
      },
      ...suggestedUsers,
    ],
  },
  render: (args) => <WhoToFollowPanel {...args} />,
  play: async ({ canvas }) => {
    const handle = canvas.getByText(`@${longHandleMember.acct}`);
    await expect(handle.scrollWidth).toBeGreaterThan(handle.clientWidth);
    await expect(
      canvas.getByRole('button', { name: 'Requested Bartholomew' }),
    ).toHaveAccessibleDescription(
      `Waiting for @${longHandleMember.acct} to approve. Press to withdraw the request.`,
    );
    const panel = canvas.getByRole('region', { name: 'Who to follow' });
    await expect(panel.scrollWidth).toBeLessThanOrEqual(panel.clientWidth);
  },
};

export const Pending: Story = { args: { pendingIds: new Set(['u-ada']) } };

export const Empty: Story = {
  args: { users: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No suggestions available')).toBeVisible();
  },
};

export const Loading: Story = { args: { status: 'loading' } };

export const Failed: Story = {
  args: { status: 'error' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Failed to load suggestions');
  },
};
