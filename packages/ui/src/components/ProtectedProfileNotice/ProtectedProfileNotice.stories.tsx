import type { Meta, StoryObj } from '@storybook/react-vite';
import { ERRORS } from '@whisp/api-client/contract/errors';
import { expect, fn } from 'storybook/test';
import { profile } from '../../stories/fixtures.js';
import { ProfileHeader } from '../ProfileHeader/ProfileHeader.js';
import { ProtectedProfileNotice } from './ProtectedProfileNotice.js';

const meta = {
  title: 'Safety/ProtectedProfileNotice',
  component: ProtectedProfileNotice,
  args: { member: { acct: 'ada' } },
  decorators: [(Story) => <div style={{ maxWidth: 600 }}>{Story()}</div>],
} satisfies Meta<typeof ProtectedProfileNotice>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A stranger on a private profile: the contract's sentence, and how to see the whisps. */
export const Playground: Story = {
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 2, name: ERRORS.privateAccount.message }),
    ).toBeVisible();
    await expect(canvas.getByText(/Follow @ada to send a request/)).toBeVisible();
  },
};

/** The viewer already asked: the request is waiting, and Requested withdraws it. */
export const Requested: Story = {
  args: { requested: true },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { name: ERRORS.privateAccount.message }),
    ).toBeVisible();
    await expect(canvas.getByText(/waiting for @ada's approval/)).toBeVisible();
    await expect(canvas.getByText(/Press Requested to withdraw it/)).toBeVisible();
  },
};

export const UnderAPageTitle: Story = {
  args: { headingLevel: 3 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 3 })).toBeVisible();
  },
};

export const LongUsernameOnPhone: Story = {
  args: { member: { acct: 'grace_brewster_murray_hopper' } },
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/@grace_brewster_murray_hopper/)).toBeVisible();
  },
};

export const Phone: Story = {
  args: { requested: true },
  globals: { viewport: { value: 'phone' } },
};

/** As a stranger sees a private profile: the header with its lock and counts, then the notice. */
export const OnAPrivateProfile: Story = {
  render: (args) => (
    <>
      <ProfileHeader
        profile={{ ...profile, is_private: true, is_followed_by: false }}
        onFollowToggle={fn()}
        onMessage={fn()}
      />
      <ProtectedProfileNotice {...args} />
    </>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Private account' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Follow' })).toBeVisible();
    await expect(
      canvas.getByRole('heading', { level: 2, name: ERRORS.privateAccount.message }),
    ).toBeVisible();
  },
};

export const OnAPrivateProfileOnPhone: Story = {
  ...OnAPrivateProfile,
  globals: { viewport: { value: 'phone' } },
};
