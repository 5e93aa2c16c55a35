import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { ada, linus, longHandleMember } from '../../stories/fixtures.js';
import { FollowRequestItem } from './FollowRequestItem.js';

const meta = {
  title: 'Safety/FollowRequestItem',
  component: FollowRequestItem,
  args: {
    member: { ...ada, bio: 'Poet of numbers. Writing about #engines and notes.' },
    onAccept: fn(),
    onDecline: fn(),
  },
  decorators: [(Story) => <div style={{ maxWidth: 600 }}>{Story()}</div>],
} satisfies Meta<typeof FollowRequestItem>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Who asks (name, username, bio line), and the two answers, each naming the member. */
export const Playground: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const item = canvas.getByRole('article', { name: /Ada Lovelace/ });
    await expect(item).toBeVisible();
    await expect(canvas.getByRole('link', { name: /Ada Lovelace/ })).toHaveAttribute(
      'href',
      '/user/ada',
    );
    await expect(canvas.getByText('@ada')).toBeVisible();
    await expect(canvas.getByText(/Poet of numbers/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Accept @ada' }));
    await expect(args.onAccept).toHaveBeenCalledWith(args.member);
    await userEvent.click(canvas.getByRole('button', { name: 'Decline @ada' }));
    await expect(args.onDecline).toHaveBeenCalledWith(args.member);
  },
};

/** Accepting: Accept is busy and Decline waits, so the two answers cannot race. */
export const Accepting: Story = {
  args: { pending: 'accept' },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('button', { name: 'Accept @ada' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(canvas.getByRole('button', { name: 'Decline @ada' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Accept @ada' }));
    await expect(args.onAccept).not.toHaveBeenCalled();
  },
};

export const Declining: Story = {
  args: { pending: 'decline' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Decline @ada' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(canvas.getByRole('button', { name: 'Accept @ada' })).toBeDisabled();
  },
};

/** No bio and no picture: initials, and the names alone. */
export const WithoutBioOrAvatar: Story = {
  args: { member: linus },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Accept @linus' })).toBeVisible();
  },
};

export const LongNamesOnPhone: Story = {
  args: {
    member: {
      ...ada,
      display_name: 'Augusta Ada King, Countess of Lovelace and first programmer',
      username: 'augusta_ada_king_countess_of_lovelace',
      acct: 'augusta_ada_king_countess_of_lovelace',
      bio: 'Poet of numbers. Writing about the Analytical Engine, Bernoulli numbers, notes on notes, and the occasional thread on poetical science.',
    },
  },
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    // Both answers stay on screen, however long the names.
    await expect(
      canvas.getByRole('button', { name: 'Accept @augusta_ada_king_countess_of_lovelace' }),
    ).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: 'Decline @augusta_ada_king_countess_of_lovelace' }),
    ).toBeVisible();
  },
};

/**
 * A member of another server asks (a remote follow of a private member): their whole handle names
 * them on the buttons, and on screen it ends in an ellipsis rather than pushing the row wider.
 */
export const RemoteMemberOnPhone: Story = {
  args: { member: longHandleMember },
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    const name = `@${longHandleMember.acct}`;
    await expect(canvas.getByRole('button', { name: `Accept ${name}` })).toBeVisible();
    await expect(canvas.getByRole('link', { name: /Bartholomew/ })).toHaveAttribute(
      'href',
      `/user/${encodeURIComponent(longHandleMember.acct)}`,
    );
    const handle = canvas.getByText(name);
    await expect(handle.scrollWidth).toBeGreaterThan(handle.clientWidth);
    const item = canvas.getByRole('article');
    await expect(item.scrollWidth).toBeLessThanOrEqual(item.clientWidth);
  },
};

export const Phone: Story = { globals: { viewport: { value: 'phone' } } };
