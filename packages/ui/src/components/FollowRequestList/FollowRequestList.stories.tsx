import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor } from 'storybook/test';
import { ada, grace, linus } from '../../stories/fixtures.js';
import type {
  FollowRequestDecision,
  FollowRequestMember,
} from '../FollowRequestItem/FollowRequestItem.js';
import {
  FOLLOW_REQUESTS_EMPTY_TITLE,
  FOLLOW_REQUESTS_LOAD_FAILED,
  FollowRequestList,
  type FollowRequestListProps,
} from './FollowRequestList.js';

const requests: FollowRequestMember[] = [
  { ...ada, bio: 'Poet of numbers. Writing about #engines and notes.' },
  { ...grace, bio: 'Found the first bug. It was a moth.' },
  linus,
];

/** Answers take a moment, then the request leaves the list, as the app's mutations do. */
function AnsweringList(args: FollowRequestListProps) {
  const [list, setList] = useState(args.requests);
  const [pending, setPending] = useState<Record<string, FollowRequestDecision>>({});
  const answer = (decision: FollowRequestDecision) => (member: FollowRequestMember) => {
    (decision === 'accept' ? args.onAccept : args.onDecline)(member);
    setPending((all) => ({ ...all, [member.id]: decision }));
    setTimeout(() => {
      setList((all) => all.filter((request) => request.id !== member.id));
      setPending(({ [member.id]: _, ...rest }) => rest);
    }, 200);
  };
  return (
    <FollowRequestList
      {...args}
      requests={list}
      pending={pending}
      onAccept={answer('accept')}
      onDecline={answer('decline')}
    />
  );
}

const meta = {
  title: 'Safety/FollowRequestList',
  component: FollowRequestList,
  render: AnsweringList,
  args: { requests, onAccept: fn(), onDecline: fn(), onRetry: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 600 }}>{Story()}</div>],
} satisfies Meta<typeof FollowRequestList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Oldest first; an answered request leaves, and the empty state follows the last one. */
export const Playground: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const list = canvas.getByRole('list', { name: 'Follow requests' });
    await expect(list.children).toHaveLength(3);
    await userEvent.click(canvas.getByRole('button', { name: 'Accept @ada' }));
    await expect(args.onAccept).toHaveBeenCalledWith(requests[0]);
    await waitFor(() => expect(canvas.queryByText('Ada Lovelace')).toBeNull());
    await userEvent.click(canvas.getByRole('button', { name: 'Decline @grace_h' }));
    await expect(args.onDecline).toHaveBeenCalledWith(requests[1]);
    await userEvent.click(canvas.getByRole('button', { name: 'Accept @linus' }));
    await expect(
      await canvas.findByRole('heading', { name: FOLLOW_REQUESTS_EMPTY_TITLE }),
    ).toBeVisible();
  },
};

/**
 * By keyboard: after an answer, focus moves to the next request's Accept, then to the list when
 * none is left, never back to the top of the page.
 */
export const Keyboard: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Accept @ada' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'Accept @grace_h' })).toHaveFocus(),
    );
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Decline @grace_h' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'Accept @linus' })).toHaveFocus(),
    );
    await userEvent.keyboard('{Enter}');
    await canvas.findByRole('heading', { name: FOLLOW_REQUESTS_EMPTY_TITLE });
    await waitFor(() => expect(canvasRoot(canvas)).toHaveFocus());
  },
};

function canvasRoot(canvas: { getByText: (text: string) => HTMLElement }) {
  const root = canvas.getByText(FOLLOW_REQUESTS_EMPTY_TITLE).closest('[data-status]');
  if (!(root instanceof HTMLElement)) throw new Error('The list root was not found');
  return root;
}

export const Answering: Story = {
  render: (args) => <FollowRequestList {...args} />,
  args: { pending: { [ada.id]: 'accept', [grace.id]: 'decline' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Accept @ada' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(canvas.getByRole('button', { name: 'Decline @grace_h' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(canvas.getByRole('button', { name: 'Accept @linus' })).toBeEnabled();
  },
};

export const Loading: Story = {
  args: { status: 'loading' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading follow requests' })).toBeVisible();
  },
};

export const Empty: Story = {
  args: { requests: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: FOLLOW_REQUESTS_EMPTY_TITLE })).toBeVisible();
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

export const LoadFailed: Story = {
  args: { status: 'error' },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText(FOLLOW_REQUESTS_LOAD_FAILED)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Decline @linus' })).toBeVisible();
  },
};

export const EmptyOnPhone: Story = {
  args: { requests: [] },
  globals: { viewport: { value: 'phone' } },
};
