import type { Meta, StoryObj } from '@storybook/react-vite';
import { NOTIFICATION_TYPES } from '@whisp/api-client';
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
            created_at: new Date(storyNow.getTime() - (index + 1) * 3_600_000 * 7).toISOString(),
            post:
              type === 'follow' || type === 'direct_message'
                ? null
                : { id: `p-${type}`, content: `The whisp this ${type} is about.` },
          })}
        />
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    for (const text of [
      'liked your whisp',
      'followed you',
      'rewhisped your whisp',
      'replied to your whisp',
      'mentioned you',
      'sent you a message',
    ]) {
      await expect(canvas.getByText(text, { exact: false })).toBeVisible();
    }
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
