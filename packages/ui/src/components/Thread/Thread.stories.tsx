import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Post } from '@whisp/api-client';
import { expect, fn, waitFor, within } from 'storybook/test';
import { ada, grace, linus, me, minutesAgo, post, storyNow } from '../../stories/fixtures.js';
import { Thread } from './Thread.js';

const root = post({ id: 't-root', author: ada, content: 'What should a thread page show first?' });
const focus = post({
  id: 't-focus',
  author: grace,
  content: 'The whisp you opened, with what it answers above it.',
  is_reply: true,
  reply_to_id: root.id,
  created_at: minutesAgo(40),
});
const replyTo = (id: string, parent: string, author = linus, content = `Reply ${id}`): Post =>
  post({ id, author, content, is_reply: true, reply_to_id: parent, created_at: minutesAgo(30) });

const shortReplies = [
  replyTo('r1', focus.id, ada, 'And the replies under it, oldest first.'),
  replyTo('r1a', 'r1', me, 'Nested, with a line per level.'),
  replyTo('r2', focus.id, linus, 'Agreed.'),
];

/** Seven levels, depth first as the API answers. */
const deepReplies = [
  replyTo('d1', focus.id, ada, 'Level 1'),
  replyTo('d2', 'd1', grace, 'Level 2'),
  replyTo('d3', 'd2', linus, 'Level 3'),
  replyTo('d4', 'd3', me, 'Level 4'),
  replyTo('d5', 'd4', ada, 'Level 5'),
  replyTo('d6', 'd5', grace, 'Level 6'),
  replyTo('d7', 'd6', linus, 'Level 7'),
  replyTo('e1', focus.id, me, 'Another first-level reply'),
];

const meta = {
  title: 'Headline/Thread',
  component: Thread,
  args: {
    ancestors: [root],
    post: focus,
    descendants: shortReplies,
    cardProps: { now: storyNow, currentUserId: me.id, onReply: fn() },
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 600 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Thread>;

export default meta;
type Story = StoryObj<typeof meta>;

const cardTexts = (element: HTMLElement) =>
  within(element)
    .getAllByRole('article')
    .map((card) => card.querySelector('p')?.textContent);

/** Ancestors above, the whisp, then its replies nested under their parents, in reading order. */
export const ShortThread: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('list', { name: 'Earlier in the thread' })).toHaveTextContent(
      'What should a thread page show first?',
    );
    await expect(cardTexts(canvasElement)).toEqual([
      'What should a thread page show first?',
      'The whisp you opened, with what it answers above it.',
      'And the replies under it, oldest first.',
      'Nested, with a line per level.',
      'Agreed.',
    ]);
    const replies = canvas.getByRole('list', { name: 'Replies' });
    // The reply to a reply is inside its parent's item: a nested list, a level deeper.
    const first = within(replies).getAllByRole('listitem')[0] as HTMLElement;
    await expect(within(first).getByText('Nested, with a line per level.')).toBeVisible();
  },
};

/** Past four levels (two on phones) "Show more replies" opens the rest in place. */
export const DeepThread: Story = {
  args: { descendants: deepReplies, maxDepth: 4 },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByText('Level 4')).toBeVisible();
    await expect(canvas.queryByText('Level 5')).toBeNull();
    const more = canvas.getByRole('button', { name: 'Show more replies' });
    // The reply after the folded branch still follows it.
    await expect(canvas.getByText('Another first-level reply')).toBeVisible();
    more.focus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByText('Level 7')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Show more replies' })).toBeNull();
    // Focus goes to what was revealed, not to <body>.
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Level 5'));
  },
};

/** A just-posted reply deep in the thread is marked and its branch opened. */
export const HighlightedReply: Story = {
  args: { descendants: deepReplies, maxDepth: 2, highlightId: 'd6' },
  play: async ({ canvas }) => {
    const highlighted = canvas.getByText('Level 6').closest('li');
    await expect(highlighted).toHaveAttribute('data-highlighted', 'true');
    // Its own replies stay folded past the depth.
    await expect(canvas.queryByText('Level 7')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Show more replies' })).toBeVisible();
  },
};

/** A deleted middle reply: its replies stay in the thread, under the whisp itself. */
export const DeletedMiddleReply: Story = {
  args: {
    descendants: [
      replyTo('k1', focus.id, ada, 'Kept reply'),
      // 'gone' was deleted: the API leaves it out, its reply stays.
      replyTo('k2', 'gone', grace, 'A reply to a deleted reply'),
    ],
  },
  play: async ({ canvas }) => {
    const replies = canvas.getByRole('list', { name: 'Replies' });
    const items = within(replies).getAllByRole('listitem');
    await expect(items).toHaveLength(2);
    await expect(items[1]).toHaveTextContent('A reply to a deleted reply');
  },
};

/** The whisp alone: no ancestors, no replies. */
export const NoContext: Story = {
  args: { ancestors: [], descendants: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('article')).toHaveLength(1);
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

/** On a phone two levels show by default; the lines indent less. */
export const Phone: Story = {
  args: { descendants: deepReplies },
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Level 2')).toBeVisible();
    await expect(canvas.queryByText('Level 3')).toBeNull();
  },
};

export const Dark: Story = {
  args: { descendants: deepReplies, highlightId: 'd2' },
  globals: { theme: 'dark' },
};
