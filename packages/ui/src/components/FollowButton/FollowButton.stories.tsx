import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { FollowButton, type FollowButtonProps, type FollowState } from './FollowButton.js';

const meta = {
  title: 'Safety/FollowButton',
  component: FollowButton,
  args: { state: 'not-following', username: 'ada', onClick: fn() },
} satisfies Meta<typeof FollowButton>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A private member: Follow asks, Requested withdraws the request at once, Follow asks again. */
function PrivateMemberButton(args: FollowButtonProps) {
  const [state, setState] = useState<FollowState>(args.state);
  return (
    <FollowButton
      {...args}
      state={state}
      onClick={(event) => {
        args.onClick?.(event);
        setState((current) => (current === 'not-following' ? 'requested' : 'not-following'));
      }}
    />
  );
}

export const Playground: Story = {
  render: PrivateMemberButton,
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Follow' }));
    const requested = canvas.getByRole('button', { name: 'Requested' });
    await expect(requested).toHaveAttribute('data-state', 'requested');
    await expect(requested).toHaveAccessibleDescription(
      'Waiting for @ada to approve. Press to withdraw the request.',
    );
    await userEvent.click(requested);
    await expect(canvas.getByRole('button', { name: 'Follow' })).toBeVisible();
    await expect(args.onClick).toHaveBeenCalledTimes(2);
  },
};

export const NotFollowing: Story = {
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: 'Follow' });
    await expect(button).toHaveAttribute('data-variant', 'primary');
    await expect(button).not.toHaveAccessibleDescription();
  },
};

export const Following: Story = {
  args: { state: 'following' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Following' })).toHaveAttribute(
      'data-variant',
      'secondary',
    );
  },
};

/** Waiting for the private member's answer; the description says a press withdraws. */
export const Requested: Story = {
  args: { state: 'requested' },
  play: async ({ args, canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Requested' });
    await expect(button).toHaveAccessibleDescription(/Press to withdraw the request/);
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledOnce();
  },
};

/** The change on its way: busy, and a second press does nothing. */
export const Pending: Story = {
  args: { state: 'requested', pending: true },
  play: async ({ args, canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Requested' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Small: Story = { args: { state: 'requested', size: 'sm' } };

export const Phone: Story = {
  args: { state: 'requested' },
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Requested' })).toBeVisible();
  },
};
