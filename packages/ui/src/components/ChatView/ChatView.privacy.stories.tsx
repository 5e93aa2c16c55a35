import type { Meta, StoryObj } from '@storybook/react-vite';
import { ERRORS } from '@whisp/api-client/contract/errors';
import { expect, fn, within } from 'storybook/test';
import { conversations, me, messages, storyNow } from '../../stories/fixtures.js';
import { ChatView } from './ChatView.js';

// The fixture's thread ends with Ada's reply; without it, it ends with the viewer's message.
const endingWithMine = messages.slice(0, 4);
const mine = endingWithMine.at(-1);

const meta = {
  title: 'Headline/ChatView/Privacy',
  component: ChatView,
  args: {
    conversations,
    selectedId: 'c-1',
    messages: endingWithMine,
    currentUserId: me.id,
    onSelect: fn(),
    onSend: fn(),
    now: storyNow,
  },
  decorators: [
    (Story) => (
      <div style={{ height: 560, border: '1px solid rgba(127,127,127,.3)' }}>{Story()}</div>
    ),
  ],
  parameters: { layout: 'padded' },
} satisfies Meta<typeof ChatView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Ada takes messages from nobody: the message box gives way to the contract's sentence and why. */
export const MessagesFromNobody: Story = {
  args: { messagePermission: { allowed: false, reason: 'nobody' } },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('textbox', { name: 'Message Ada Lovelace' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Send' })).toBeNull();
    await expect(canvas.getByText(ERRORS.messagesNotAccepted.message('ada'))).toBeVisible();
    await expect(canvas.getByText('They have turned off direct messages.')).toBeVisible();
    // The conversation so far stays readable.
    await expect(canvas.getByText('Yes! I will bring the slides.')).toBeVisible();
  },
};

export const OnlyPeopleTheyFollow: Story = {
  args: { messagePermission: { allowed: false, reason: 'following' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(ERRORS.messagesNotAccepted.message('ada'))).toBeVisible();
    await expect(
      canvas.getByText('They accept messages only from people they follow.'),
    ).toBeVisible();
  },
};

/** Refused by the server before the app knew why: the sentence, and a general reason. */
export const ReasonUnknown: Story = {
  args: { messagePermission: { allowed: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(ERRORS.messagesNotAccepted.message('ada'))).toBeVisible();
    await expect(canvas.getByText('They have limited who can send them messages.')).toBeVisible();
  },
};

/** A composer of the app's own is replaced too: nobody types a message that cannot be sent. */
export const OwnComposerReplaced: Story = {
  render: (args) => {
    const open = args.conversations[0];
    if (!open) return <p>No conversation</p>;
    return (
      <ChatView.Thread
        conversation={open}
        messages={args.messages}
        currentUserId={args.currentUserId}
        now={args.now}
        messagePermission={{ allowed: false, reason: 'nobody' }}
      >
        <ChatView.Composer recipientName={open.other_participant_display_name} onSend={fn()} />
      </ChatView.Thread>
    );
  },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('textbox')).toBeNull();
    await expect(canvas.getByText(ERRORS.messagesNotAccepted.message('ada'))).toBeVisible();
  },
};

/** Ada read the viewer's newest message: "Seen" under it, and under no other. */
export const Seen: Story = {
  play: async ({ canvas }) => {
    const log = canvas.getByRole('list', { name: 'Messages' });
    const seen = within(log).getByText('Seen');
    await expect(seen).toBeVisible();
    await expect(seen.closest('li')).toHaveTextContent(mine?.content ?? '');
    await expect(within(log).getAllByText('Seen')).toHaveLength(1);
  },
};

/** Not read yet, or Ada keeps read receipts off (the server then sends `is_read: false`). */
export const NotSeen: Story = {
  args: {
    messages: endingWithMine.map((message) =>
      message.id === mine?.id ? { ...message, is_read: false } : message,
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Yes! I will bring the slides.')).toBeVisible();
    await expect(canvas.queryByText('Seen')).toBeNull();
  },
};

/** Ada answered: her reply says more than a receipt, so none is shown. */
export const RepliedAfter: Story = {
  args: { messages },
  play: async ({ canvas }) => {
    const log = canvas.getByRole('list', { name: 'Messages' });
    await expect(within(log).getByText('See you at the meetup!')).toBeVisible();
    await expect(canvas.queryByText('Seen')).toBeNull();
  },
};

export const SeenOnPhone: Story = {
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Seen')).toBeVisible();
  },
};

export const MessagesFromNobodyOnPhone: Story = {
  args: { messagePermission: { allowed: false, reason: 'nobody' } },
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(ERRORS.messagesNotAccepted.message('ada'))).toBeVisible();
  },
};
