import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { grace, linus } from '../../stories/fixtures.js';
import { BlockedProfileNotice } from './BlockedProfileNotice.js';

const meta = {
  title: 'Safety/BlockedProfileNotice',
  component: BlockedProfileNotice,
  args: { member: grace, onUnblock: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 600 }}>{Story()}</div>],
} satisfies Meta<typeof BlockedProfileNotice>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Who it is, what you did, and the way back. */
export const Playground: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
    await expect(canvas.getByText('You blocked @grace_h')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Unblock @grace_h' }));
    await expect(args.onUnblock).toHaveBeenCalled();
  },
};

export const Unblocking: Story = {
  args: { unblocking: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Unblock @grace_h' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

/** A member without a picture shows their initials. */
export const WithoutAvatar: Story = { args: { member: linus } };

export const LongName: Story = {
  args: {
    member: {
      ...grace,
      display_name: 'Rear Admiral Grace Brewster Murray Hopper of the United States Navy',
      acct: 'grace_brewster_murray_hopper',
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('You blocked @grace_brewster_murray_hopper')).toBeVisible();
  },
};

export const Phone: Story = { globals: { viewport: { value: 'phone' } } };
