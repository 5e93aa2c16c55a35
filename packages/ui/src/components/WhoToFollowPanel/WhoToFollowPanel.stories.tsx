import type { Meta, StoryObj } from '@storybook/react-vite';
import type { SuggestedUser } from '@whisp/api-client';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { suggestedUsers } from '../../stories/fixtures.js';
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
