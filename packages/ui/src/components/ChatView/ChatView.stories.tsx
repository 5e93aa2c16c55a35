import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Conversation } from '@whisp/api-client';
import { useState } from 'react';
import { expect, fn, waitFor, within } from 'storybook/test';
import { conversations, me, messages, storyNow } from '../../stories/fixtures.js';
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
