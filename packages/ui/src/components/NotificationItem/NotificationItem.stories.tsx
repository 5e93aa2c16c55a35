import type { Meta, StoryObj } from '@storybook/react-vite';
import { NOTIFICATION_TYPES } from '@whisp/api-client';
import { NOTIFICATION_MESSAGES, POLL_ENDED_MESSAGES } from '@whisp/api-client/contract/choices';
import {
  MODERATION_SENDER_NAME,
  moderationNotice,
} from '@whisp/api-client/contract/moderation-notices';
import { expect, fn } from 'storybook/test';
import { ada, grace, linus, notification, storyNow } from '../../stories/fixtures.js';
import { NotificationItem } from './NotificationItem.js';

const meta = {
  title: 'Headline/NotificationItem',
  component: NotificationItem,
  args: { notification: notification(), onMarkRead: fn(), now: storyNow },
  decorators: [(Story) => <div style={{ maxWidth: 600 }}>{Story()}</div>],
} satisfies Meta<typeof NotificationItem>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const item = canvas.getByRole('article', { name: /Unread: Ada Lovelace .* liked your whisp/ });
    await expect(item).toHaveAttribute('data-state', 'unread');
    await expect(canvas.getByText('Shipping a tiny design system today.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Mark as read' }));
    await expect(args.onMarkRead).toHaveBeenCalledWith(args.notification);
  },
};

export const Read: Story = {
  args: { notification: notification({ is_read: true }) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('article')).toHaveAttribute('data-state', 'read');
    await expect(canvas.queryByRole('button', { name: 'Mark as read' })).toBeNull();
  },
};

const actors = [ada, grace, linus];
const moderationMessage = moderationNotice('remove_post', 'harassment', 'Targeted insults.');

/** Every type, with its icon and sentence; alternately unread and read. */
export const EveryType: Story = {
  render: (args) => (
    <div>
      {NOTIFICATION_TYPES.map((type, index) => (
        <NotificationItem
          key={type}
          {...args}
          notification={notification({
            notification_type: type,
            actor: actors[index % actors.length] ?? ada,
            is_read: index % 2 === 1,
            message:
              type === 'moderation'
                ? moderationMessage
                : type === 'poll'
                  ? POLL_ENDED_MESSAGES.voter
                  : `A ${type} notification`,
            created_at: new Date(storyNow.getTime() - (index + 1) * 3_600_000 * 7).toISOString(),
            post:
              type === 'follow' ||
              type === 'follow_request' ||
              type === 'direct_message' ||
              type === 'moderation'
                ? null
                : { id: `p-${type}`, content: `The whisp this ${type} is about.` },
          })}
        />
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    // The actor's name, then the contract's sentence: the server's `message` for these types
    // (here each story message differs on purpose, so a component reading it would fail).
    for (const type of NOTIFICATION_TYPES.filter((t) => t !== 'moderation' && t !== 'poll')) {
      const item = canvas
        .getAllByRole('article')
        .find((article) => article.getAttribute('data-type') === type);
      await expect(item?.querySelector('p')).toHaveTextContent(
        new RegExp(`\\s${NOTIFICATION_MESSAGES[type]}$`),
      );
    }
    await expect(canvas.getByText(moderationMessage)).toBeVisible();
    await expect(canvas.getByText(POLL_ENDED_MESSAGES.voter)).toBeVisible();
  },
};

export const LinkedToWhisp: Story = {
  args: { hrefFor: (n) => (n.post ? `/post/${n.post.id}` : undefined) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'liked your whisp' })).toHaveAttribute(
      'href',
      '/post/p-1',
    );
  },
};

/**
 * A moderation notice: from "Whisp moderation" with a shield, never a person's name or avatar
 * (the server names the member themself as the actor); its message says what was done and why.
 */
export const Moderation: Story = {
  args: {
    notification: notification({
      notification_type: 'moderation',
      actor: grace,
      post: null,
      message: moderationMessage,
    }),
  },
  play: async ({ canvas }) => {
    const item = canvas.getByRole('article', {
      name: new RegExp(`^Unread: ${MODERATION_SENDER_NAME}\\W+Your whisp was removed`),
    });
    await expect(item).toHaveTextContent(moderationMessage);
    await expect(item).toHaveAttribute('data-type', 'moderation');
    await expect(canvas.queryByText('Grace Hopper')).toBeNull();
    await expect(canvas.queryByRole('link', { name: /grace/i })).toBeNull();
  },
};

/**
 * A moderation notice the server sent without words of its own: the contract's fallback, which
 * names Whisp moderation itself, so the sender is not written twice.
 */
export const ModerationWithoutMessage: Story = {
  args: {
    notification: notification({
      notification_type: 'moderation',
      actor: grace,
      post: null,
      message: '',
    }),
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('article', { name: `Unread: ${NOTIFICATION_MESSAGES.moderation}` }),
    ).toBeVisible();
    await expect(canvas.getAllByText(new RegExp(MODERATION_SENDER_NAME))).toHaveLength(1);
  },
};

export const ModerationSuspension: Story = {
  args: {
    notification: notification({
      notification_type: 'moderation',
      actor: grace,
      post: null,
      is_read: true,
      message: moderationNotice(
        'suspend_user',
        'spam',
        'Ten identical whisps an hour, every hour.',
      ),
    }),
  },
};

/** A poll ended: the server's sentence alone (no actor's name before it), and the whisp it is on. */
export const PollEnded: Story = {
  args: {
    notification: notification({
      notification_type: 'poll',
      actor: grace,
      message: POLL_ENDED_MESSAGES.voter,
      post: { id: 'p-poll', content: 'Tabs or spaces?' },
    }),
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('article', { name: 'Unread: A poll you voted in has ended' }),
    ).toBeVisible();
    await expect(canvas.getByText('Tabs or spaces?')).toBeVisible();
  },
};

/** A member asked to follow your private account: it leads to the follow requests list. */
export const FollowRequest: Story = {
  args: {
    notification: notification({
      notification_type: 'follow_request',
      actor: grace,
      message: `Grace Hopper ${NOTIFICATION_MESSAGES.follow_request}`,
      post: null,
    }),
    hrefFor: (n) => (n.notification_type === 'follow_request' ? '/follow-requests' : undefined),
  },
  play: async ({ canvas }) => {
    const item = canvas.getByRole('article', {
      name: `Unread: Grace Hopper ${NOTIFICATION_MESSAGES.follow_request}`,
    });
    await expect(item).toHaveAttribute('data-type', 'follow_request');
    await expect(
      canvas.getByRole('link', { name: NOTIFICATION_MESSAGES.follow_request }),
    ).toHaveAttribute('href', '/follow-requests');
  },
};

export const FollowRequestOnPhone: Story = {
  args: {
    notification: notification({
      notification_type: 'follow_request',
      actor: linus,
      is_read: true,
      post: null,
    }),
  },
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(NOTIFICATION_MESSAGES.follow_request)).toBeVisible();
  },
};
