import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Conversation } from '@whisp/api-client';
import { useState } from 'react';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { settleEmojiResults } from '../../stories/emoji.js';
import { conversations, me, messages, minutesAgo, storyNow } from '../../stories/fixtures.js';
import { preloadEmojiPicker } from '../EmojiPicker/EmojiPicker.js';
import type { ChatMessage } from './ChatThread.js';
import { ChatView, type ChatViewProps } from './ChatView.js';

interface ChatDemoProps extends ChatViewProps {
  /** Make every send fail, to show the failed state and retry. */
  failSends?: boolean;
}

/** Selection and sending kept in the story, as the app's queries would. */
function ChatDemo({ failSends = false, ...args }: ChatDemoProps) {
  const [selectedId, setSelectedId] = useState<string | null>(args.selectedId);
  const [list, setList] = useState<Conversation[]>(args.conversations);
  const [thread, setThread] = useState<ChatMessage[]>(args.messages);
  const settle = (id: string) =>
    setTimeout(() => {
      setThread((all) =>
        all.map((m) => (m.id === id ? { ...m, status: failSends ? 'failed' : 'sent' } : m)),
      );
    }, 300);
  return (
    <div style={{ height: 560, border: '1px solid rgba(127,127,127,.3)' }}>
      <ChatView
        {...args}
        conversations={list}
        selectedId={selectedId}
        messages={thread}
        onSelect={(conversation) => {
          args.onSelect(conversation);
          setSelectedId(conversation.id);
          // Opening marks its messages read.
          setList((all) =>
            all.map((c) => (c.id === conversation.id ? { ...c, unread_count: 0 } : c)),
          );
        }}
        onBack={() => setSelectedId(null)}
        onSend={(content) => {
          args.onSend(content);
          const id = `local-${Date.now()}`;
          setThread((all) => [
            ...all,
            {
              id,
              conversation_id: 'c-1',
              sender_id: me.id,
              recipient_id: 'u-ada',
              content,
              created_at: storyNow.toISOString(),
              is_read: false,
              status: 'sending',
            },
          ]);
          settle(id);
        }}
        onRetry={(message) => {
          setThread((all) =>
            all.map((m) => (m.id === message.id ? { ...m, status: 'sending' } : m)),
          );
          settle(message.id);
        }}
      />
    </div>
  );
}

const meta = {
  title: 'Headline/ChatView',
  component: ChatView,
  render: (args) => <ChatDemo {...args} />,
  args: {
    conversations,
    selectedId: 'c-1',
    messages,
    currentUserId: me.id,
    onSelect: fn(),
    onSend: fn(),
    now: storyNow,
  },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof ChatView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Day separators, own and other's bubbles; sending shows "Sending…" then the time. */
export const Playground: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const log = canvas.getByRole('list', { name: 'Messages' });
    await expect(within(log).getByText('Yesterday')).toBeVisible();
    await expect(within(log).getByText('Today')).toBeVisible();
    const input = canvas.getByRole('textbox', { name: 'Message Ada Lovelace' });
    const send = canvas.getByRole('button', { name: 'Send' });
    // Empty (or only spaces) cannot be sent.
    await expect(send).toBeDisabled();
    await userEvent.type(input, '   ');
    await expect(send).toBeDisabled();
    await userEvent.type(input, 'On my way!{Enter}');
    await expect(args.onSend).toHaveBeenCalledWith('On my way!');
    await expect(input).toHaveValue('');
    await expect(within(log).getByText('Sending…')).toBeVisible();
    await waitFor(() => expect(within(log).queryByText('Sending…')).toBeNull());
  },
};

/**
 * The message box's emoji button: the emoji goes in at the caret, replacing a selection, and
 * focus comes back to the message just after it.
 */
export const EmojiInMessage: Story = {
  // The picker's code and data arrive first, as they do once the pointer reaches its button.
  loaders: [() => preloadEmojiPicker()],
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', {
      name: 'Message Ada Lovelace',
    }) as HTMLTextAreaElement;
    await userEvent.type(input, 'See you soon');
    // "soon" selected: the emoji replaces it.
    input.setSelectionRange(8, 12);
    await userEvent.click(canvas.getByRole('button', { name: 'Add an emoji' }));
    const picker = await screen.findByRole('dialog', { name: 'Emoji picker' });
    const search = await within(picker).findByRole('searchbox', { name: 'Search emoji' });
    await userEvent.type(search, 'waving hand');
    await within(picker).findByLabelText('Waving hand');
    await settleEmojiResults();
    await userEvent.click(within(picker).getByLabelText('Waving hand'));
    await waitFor(() => expect(input).toHaveValue('See you 👋'));
    await waitFor(() => expect(input).toHaveFocus());
    await expect(input.selectionStart).toBe('See you 👋'.length);
  },
};

/** The list shows unread badges; opening a conversation clears its badge. */
export const Unread: Story = {
  args: { selectedId: null },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText('Select a message')).toBeVisible();
    const ada = canvas.getByRole('button', { name: /Ada Lovelace.*2 unread/ });
    await userEvent.click(ada);
    await expect(args.onSelect).toHaveBeenCalledOnce();
    await expect(canvas.getByRole('button', { name: /Ada Lovelace/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(canvas.queryByText(/unread/)).toBeNull();
  },
};

/** A message that could not be sent says so and offers to try again. */
export const Failed: Story = {
  render: (args) => <ChatDemo {...args} failSends />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(
      canvas.getByRole('textbox', { name: 'Message Ada Lovelace' }),
      'Hello?{Enter}',
    );
    await expect(await canvas.findByText('Not sent.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(canvas.getByText('Sending…')).toBeVisible();
  },
};

export const LoadingConversations: Story = {
  args: { conversationsStatus: 'loading', selectedId: null },
};

export const LoadingMessages: Story = { args: { messagesStatus: 'loading' } };

export const NoConversations: Story = { args: { conversations: [], selectedId: null } };

/** On a phone the open conversation takes the screen, with a way back to the list. */
export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas, userEvent }) => {
    const back = canvas.queryByRole('button', { name: 'Back to conversations' });
    if (back && window.innerWidth < 769) {
      await userEvent.click(back);
      await expect(canvas.getByRole('button', { name: /Grace Hopper/ })).toBeVisible();
    }
  },
};

/**
 * The parts on their own, as a team would lay them out: the list in a side panel, the thread
 * with a composer of the team's own placement and placeholder.
 */
export const ComposedFromParts: Story = {
  render: (args) => {
    const open = args.conversations[0];
    return (
      <div style={{ display: 'grid', gridTemplateColumns: '1fr', gap: 16 }}>
        <ChatView.List
          aria-label="Recent conversations"
          conversations={args.conversations}
          selectedId={open?.id}
          onSelect={args.onSelect}
          now={args.now}
        />
        {open ? (
          <ChatView.Thread
            conversation={open}
            messages={args.messages}
            currentUserId={args.currentUserId}
            now={args.now}
          >
            <ChatView.Composer
              recipientName={open.other_participant_display_name}
              placeholder="Write to Ada"
              onSend={args.onSend}
            />
          </ChatView.Thread>
        ) : null}
      </div>
    );
  },
  play: async ({ args, canvas, userEvent }) => {
    const list = canvas.getByLabelText('Recent conversations');
    await userEvent.click(within(list).getAllByRole('button')[0] as HTMLElement);
    await expect(args.onSelect).toHaveBeenCalledOnce();
    // One composer: the team's, not the built-in one as well.
    await expect(canvas.getAllByRole('textbox')).toHaveLength(1);
    await userEvent.type(canvas.getByPlaceholderText('Write to Ada'), 'Hello from the parts');
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
    await expect(args.onSend).toHaveBeenCalledWith('Hello from the parts');
  },
};

// The longest a display name (50) and a username (30) may be, as the contract allows.
const longConversations: Conversation[] = [
  {
    ...(conversations[0] as Conversation),
    other_participant_display_name: 'Augusta Ada King, Countess of Lovelace and Byron',
    other_participant_username: 'augusta_ada_king_lovelace_1815',
  },
  {
    ...(conversations[1] as Conversation),
    other_participant_display_name: 'Rear Admiral Grace Brewster Murray Hopper',
  },
  ...conversations.slice(2),
];

const day = 24 * 60;
/** Messages over a week, so the thread shows dated separators as well as Yesterday and Today. */
const weekOfMessages: ChatMessage[] = [
  { ...(messages[0] as ChatMessage), id: 'w-1', created_at: minutesAgo(6 * day) },
  { ...(messages[1] as ChatMessage), id: 'w-2', created_at: minutesAgo(3 * day) },
  ...messages,
];

/** Nothing in `element` is cut off: its text fits its own box. */
const isWhole = (element: Element) => element.scrollWidth <= element.clientWidth;

/**
 * Long names at a phone's width: a name wraps onto a second line rather than being cut, the handle
 * and time move under it, and the unread badge stays in view.
 */
export const LongNamesOnPhone: Story = {
  args: { conversations: longConversations, selectedId: null },
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    const list = canvas.getByRole('navigation', { name: 'Conversations' });
    for (const conversation of longConversations) {
      const name = within(list).getByText(conversation.other_participant_display_name);
      await expect(name).toBeVisible();
      await expect(isWhole(name)).toBe(true);
      await expect(name.getBoundingClientRect().right).toBeLessThanOrEqual(
        list.getBoundingClientRect().right,
      );
    }
    // The time moves under a long name rather than off the row.
    const time = within(list).getByText('· 3m');
    await expect(isWhole(time)).toBe(true);
    await expect(time.getBoundingClientRect().right).toBeLessThanOrEqual(
      list.getBoundingClientRect().right,
    );
    // The handle may shorten with an ellipsis, but the button still says all of it.
    await expect(
      within(list).getByRole('button', { name: /@augusta_ada_king_lovelace_1815/ }),
    ).toBeVisible();
    const unread = within(list).getByRole('button', { name: /2 unread/ });
    const badge = unread.lastElementChild as HTMLElement;
    await expect(badge).toHaveTextContent('2 unread');
    await expect(badge.getBoundingClientRect().right).toBeLessThanOrEqual(
      list.getBoundingClientRect().right,
    );
  },
};

/**
 * An open conversation at a phone's width: the long name in the header wraps whole, and every day
 * separator (a date, Yesterday, Today) shows its full label.
 */
export const DateSeparatorsOnPhone: Story = {
  args: { conversations: longConversations, messages: weekOfMessages, onBack: fn() },
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    const title = canvas.getByRole('heading', {
      name: 'Augusta Ada King, Countess of Lovelace and Byron',
    });
    await expect(isWhole(title)).toBe(true);
    const log = canvas.getByRole('list', { name: 'Messages' });
    const separators = log.querySelectorAll('time');
    // A week ago, three days ago, Yesterday, Today.
    await expect(separators).toHaveLength(4);
    await expect(within(log).getByText('Yesterday')).toBeVisible();
    await expect(within(log).getByText('Today')).toBeVisible();
    for (const separator of separators) {
      const label = separator.parentElement as HTMLElement;
      await expect(isWhole(label)).toBe(true);
      await expect(label.scrollHeight).toBeLessThanOrEqual(label.clientHeight);
      await expect(label.getBoundingClientRect().left).toBeGreaterThanOrEqual(
        log.getBoundingClientRect().left,
      );
    }
  },
};
