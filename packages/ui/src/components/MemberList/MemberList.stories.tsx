import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { ada, grace, linus } from '../../stories/fixtures.js';
import { MemberList } from './MemberList.js';

const meta = {
  title: 'Safety/MemberList',
  component: MemberList,
  args: {
    label: 'Blocked members',
    members: [ada, grace, linus],
    emptyMessage: 'You have not blocked anyone.',
    actionLabel: 'Unblock',
    onAction: fn(),
    onRetry: fn(),
  },
  decorators: [(Story) => <div style={{ maxWidth: 600 }}>{Story()}</div>],
} satisfies Meta<typeof MemberList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Each row names the member and offers the undo; the button says whom it acts on. */
export const Playground: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const list = canvas.getByRole('list', { name: 'Blocked members' });
    await expect(list.children).toHaveLength(3);
    await userEvent.click(canvas.getByRole('button', { name: 'Unblock @grace_h' }));
    await expect(args.onAction).toHaveBeenCalledWith(grace);
  },
};

export const Muted: Story = {
  args: {
    label: 'Muted members',
    members: [grace],
    emptyMessage: 'You have not muted anyone.',
    actionLabel: 'Unmute',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Unmute @grace_h' })).toBeVisible();
  },
};

/** A member whose undo is on its way: the button shows progress and waits. */
export const Pending: Story = {
  args: { pendingIds: new Set([ada.id]) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Unblock @ada' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

export const Loading: Story = {
  args: { status: 'loading' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading blocked members' })).toBeVisible();
  },
};

export const Empty: Story = {
  args: { members: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('You have not blocked anyone.')).toBeVisible();
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

export const LoadFailed: Story = {
  args: { status: 'error', errorMessage: 'Failed to load blocked members' },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText('Failed to load blocked members')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

/** Long names end in an ellipsis; the button keeps its place. */
export const LongNames: Story = {
  args: {
    members: [
      {
        ...ada,
        id: 'u-long',
        display_name: 'Augusta Ada King, Countess of Lovelace and Analytical Engine Enthusiast',
        username: 'augusta_ada_king_lovelace_',
        acct: 'augusta_ada_king_lovelace_',
      },
    ],
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('button', { name: 'Unblock @augusta_ada_king_lovelace_' }),
    ).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
};
