import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Profile } from '@whisp/api-client';
import { useState } from 'react';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { longHandleMember, profile, remoteMember, remoteProfile } from '../../stories/fixtures.js';
import { memberHost } from '../MemberHandle/MemberHandle.js';
import { ProfileHeader, type ProfileHeaderProps } from './ProfileHeader.js';
import { REMOTE_MEMBER_MESSAGES_UNAVAILABLE } from './RemoteMemberNote.js';

/**
 * What the server answers a press with: a private member's Follow is a request until they accept
 * it, and a remote member's until their server does.
 */
function afterFollowPress(p: Profile): Profile {
  if (p.is_following) return { ...p, is_following: false, followers_count: p.followers_count - 1 };
  if (p.is_requested) return { ...p, is_requested: false };
  if (p.is_private || memberHost(p)) return { ...p, is_requested: true };
  return { ...p, is_following: true, followers_count: p.followers_count + 1 };
}

function FollowableHeader(args: ProfileHeaderProps) {
  const [current, setCurrent] = useState<Profile>(args.profile);
  return (
    <div style={{ maxWidth: 600 }}>
      <ProfileHeader
        {...args}
        profile={current}
        onFollowToggle={(target) => {
          args.onFollowToggle?.(target);
          setCurrent(afterFollowPress);
        }}
      />
    </div>
  );
}

const meta = {
  title: 'Headline/ProfileHeader',
  component: ProfileHeader,
  render: FollowableHeader,
  args: {
    profile,
    onFollowToggle: fn(),
    onMessage: fn(),
    onEditProfile: fn(),
    onRepositionBanner: fn(),
  },
} satisfies Meta<typeof ProfileHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Someone else's profile: Follow turns into Following, and Message is offered. */
export const Playground: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: /Ada Lovelace/ })).toBeVisible();
    await expect(canvas.getByRole('img', { name: 'Verified account' })).toBeVisible();
    await expect(canvas.getByText('Joined March 2024')).toBeVisible();
    await expect(canvas.getByText('Follows you')).toBeVisible();
    await expect(canvas.getByText('48.2K')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Follow' }));
    await expect(args.onFollowToggle).toHaveBeenCalledOnce();
    await expect(canvas.getByRole('button', { name: 'Following' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Message' }));
    await expect(args.onMessage).toHaveBeenCalledOnce();
    await expect(canvas.queryByRole('button', { name: 'Edit profile' })).toBeNull();
  },
};

/** Mute, block and report sit behind "More actions", so the row still fits a phone. */
export const SafetyActions: Story = {
  args: { onMuteToggle: fn(), onBlock: fn(), onReport: fn() },
  play: async ({ args, canvas, userEvent }) => {
    const more = canvas.getByRole('button', { name: 'More actions for @ada' });
    await userEvent.click(more);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Mute @ada' }));
    await expect(args.onMuteToggle).toHaveBeenCalledOnce();
    await userEvent.click(more);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Block @ada' }));
    await expect(args.onBlock).toHaveBeenCalledOnce();
    await userEvent.click(more);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Report @ada' }));
    await expect(args.onReport).toHaveBeenCalledOnce();
  },
};

/** A member you muted: the menu offers Unmute. */
export const Muted: Story = {
  args: { profile: { ...profile, is_muting: true }, onMuteToggle: fn(), onBlock: fn() },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'More actions for @ada' }));
    const unmute = await screen.findByRole('menuitem', { name: 'Unmute @ada' });
    await waitFor(() => expect(unmute).toBeVisible());
    await userEvent.keyboard('{Escape}');
  },
};

export const SafetyActionsOnPhone: Story = {
  args: { onMuteToggle: fn(), onBlock: fn(), onReport: fn() },
  globals: { viewport: { value: 'phone' } },
};

export const Following: Story = {
  args: { profile: { ...profile, is_following: true } },
};

const privateProfile: Profile = { ...profile, is_private: true, is_followed_by: false };

/** A private member: a lock beside the name; Follow sends a request, Requested withdraws it. */
export const PrivateAccount: Story = {
  args: { profile: privateProfile },
  play: async ({ args, canvas, userEvent }) => {
    const heading = canvas.getByRole('heading', { level: 1, name: /Ada Lovelace/ });
    await expect(within(heading).getByRole('img', { name: 'Private account' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Follow' }));
    const requested = canvas.getByRole('button', { name: 'Requested' });
    await expect(requested).toHaveAccessibleDescription(/Press to withdraw the request/);
    // A request is not a follow: the count waits for the member's answer.
    await expect(canvas.getByText('48.2K')).toBeVisible();
    await userEvent.click(requested);
    await expect(canvas.getByRole('button', { name: 'Follow' })).toBeVisible();
    await expect(args.onFollowToggle).toHaveBeenCalledTimes(2);
  },
};

export const Requested: Story = {
  args: { profile: { ...privateProfile, is_requested: true } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Requested' })).toHaveAttribute(
      'data-state',
      'requested',
    );
  },
};

/** An approved follower of a private member: the lock stays, the button says Following. */
export const PrivateAccountFollowed: Story = {
  args: { profile: { ...privateProfile, is_following: true } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Private account' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Following' })).toBeVisible();
  },
};

export const RequestedOnPhone: Story = {
  args: { profile: { ...privateProfile, is_requested: true }, onMuteToggle: fn(), onBlock: fn() },
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Requested' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Message' })).toBeVisible();
  },
};

export const FollowPending: Story = {
  args: { followPending: true },
};

/** Your own profile: Edit profile (and Reposition banner), no Follow or Message. */
export const Own: Story = {
  args: { isOwn: true },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Edit profile' }));
    await expect(args.onEditProfile).toHaveBeenCalledOnce();
    await userEvent.click(canvas.getByRole('button', { name: 'Reposition banner' }));
    await expect(args.onRepositionBanner).toHaveBeenCalledOnce();
    await expect(canvas.queryByRole('button', { name: 'Follow' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Message' })).toBeNull();
  },
};

/** The banner is shown at its saved position. */
export const BannerPosition: Story = {
  args: { profile: { ...profile, banner_position_x: 10, banner_position_y: 90 } },
};

export const NoBannerNoAvatarUnverified: Story = {
  args: {
    profile: {
      ...profile,
      display_name: 'Linus',
      username: 'linus',
      acct: 'linus',
      profile_banner_url: null,
      profile_picture_url: null,
      is_verified: false,
      is_followed_by: false,
      bio: null,
      followers_count: 1,
      posts_count: 0,
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Follower')).toBeVisible();
    await expect(canvas.queryByRole('img', { name: 'Verified account' })).toBeNull();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
};

/**
 * A member of another server: their full handle, which server they are on with a link to their
 * page there (a new tab), and no Message button, since messages do not reach other servers yet.
 * Follow reads Requested until their server accepts.
 */
export const RemoteMember: Story = {
  args: { profile: remoteProfile, onMuteToggle: fn(), onBlock: fn(), onReport: fn() },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Alice Liddell' })).toBeVisible();
    await expect(canvas.getByText('@alice@remote.example')).toBeVisible();
    await expect(canvas.getByText('This member is on remote.example')).toBeVisible();
    const link = canvas.getByRole('link', { name: 'View on remote.example (opens in a new tab)' });
    await expect(link).toHaveAttribute('href', remoteMember.url);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link.getAttribute('rel')).toMatch(/\bnoopener\b/);
    await expect(canvas.getByText(REMOTE_MEMBER_MESSAGES_UNAVAILABLE)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Message' })).toBeNull();
    await expect(
      canvas.getByRole('button', { name: 'More actions for @alice@remote.example' }),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Follow' }));
    await expect(args.onFollowToggle).toHaveBeenCalledOnce();
    await expect(canvas.getByRole('button', { name: 'Requested' })).toHaveAccessibleDescription(
      'Waiting for @alice@remote.example to approve. Press to withdraw the request.',
    );
  },
};

/** A member of this server has no such note, and keeps Message. */
export const LocalMemberHasNoServerNote: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('@ada')).toBeVisible();
    await expect(canvas.queryByText(/This member is on/)).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Message' })).toBeVisible();
  },
};

export const RemoteMemberOnPhone: Story = {
  ...RemoteMember,
  globals: { viewport: { value: 'phone' } },
};

/** Followed: their server accepted, so the button reads Following like any other. */
export const RemoteMemberFollowed: Story = {
  args: { profile: { ...remoteProfile, is_following: true } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Following' })).toBeVisible();
  },
};

/** A handle longer than the phone is wide: one line with an ellipsis, and no sideways scroll. */
export const LongRemoteHandleOnPhone: Story = {
  args: {
    profile: {
      ...remoteProfile,
      username: longHandleMember.username,
      acct: longHandleMember.acct,
      url: longHandleMember.url,
      display_name: longHandleMember.display_name,
    },
  },
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas, canvasElement }) => {
    const handle = canvas.getByText(`@${longHandleMember.acct}`);
    await expect(getComputedStyle(handle).textOverflow).toBe('ellipsis');
    await expect(handle.scrollWidth).toBeGreaterThan(handle.clientWidth);
    const header = canvas.getByRole('region', { name: 'Bartholomew' });
    await expect(header.scrollWidth).toBeLessThanOrEqual(header.clientWidth);
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
    await expect(
      canvas.getByRole('link', {
        name: 'View on a-very-long-server-name.social.example (opens in a new tab)',
      }),
    ).toBeVisible();
  },
};
