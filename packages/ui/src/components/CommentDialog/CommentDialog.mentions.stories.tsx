import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { ada, me, post, storyNow } from '../../stories/fixtures.js';
import { findMentionMembers } from '../../stories/mentionMembers.js';
import { MENTION_SEARCH_FAILED_MESSAGE } from '../MentionSuggestions/MentionSuggestions.js';
import { CommentDialog, type CommentDialogProps } from './CommentDialog.js';

// Mentions in a reply, as in the composer (ComposeModal.mentions.stories.tsx): `@` and a name
// offers members of this server and of others, picked with the keyboard while the reply box
// keeps focus.

/**
 * The reply dialog with a member search behind it, as the app gives one: the members matching
 * what follows `@`, at once; or, with `searchFails`, a search that cannot reach the server.
 */
function WithMemberSearch({ searchFails = false, ...args }: CommentDialogProps & StoryArgs) {
  const [query, setQuery] = useState<string | null>(null);
  const members = query && !searchFails ? findMentionMembers(query) : [];
  return (
    <CommentDialog
      {...args}
      onMentionQueryChange={(next) => {
        args.onMentionQueryChange?.(next);
        setQuery(next);
      }}
      mentionSuggestions={{ query, members, loading: false, error: searchFails }}
    />
  );
}

interface StoryArgs {
  searchFails?: boolean;
}

const meta = {
  title: 'Components/CommentDialog mentions',
  component: CommentDialog,
  render: WithMemberSearch,
  args: {
    open: true,
    onOpenChange: fn(),
    onSubmit: fn(),
    onMentionQueryChange: fn(),
    post: post({ author: ada, content: 'Who should see the engine next?' }),
    currentUser: me,
    now: storyNow,
  },
} satisfies Meta<CommentDialogProps & StoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

async function replyBox() {
  const dialog = await screen.findByRole('dialog', { name: 'Reply' });
  const box = await within(dialog).findByRole('textbox', { name: 'Your reply' });
  // The dialog puts focus in the reply box once it has opened; typing waits for that.
  await waitFor(() => expect(box).toHaveFocus());
  return { dialog, box: box as HTMLTextAreaElement };
}

const suggestions = () => screen.findByRole('listbox', { name: 'Members to mention' });
const options = async () => within(await suggestions()).getAllByRole('option');

/**
 * A member of this server: `@an` offers three members; ArrowDown highlights the second, Enter
 * puts their handle and a space in the reply, and the reply goes out naming them.
 */
export const LocalMemberPickedWithKeyboard: Story = {
  play: async ({ args, userEvent }) => {
    const { dialog, box } = await replyBox();
    await userEvent.type(box, 'Ask @an');
    await expect(args.onMentionQueryChange).toHaveBeenLastCalledWith('an');
    await waitFor(async () => expect(await options()).toHaveLength(3));
    await expect(box).toHaveAttribute('aria-autocomplete', 'list');
    await expect(box).toHaveAttribute('aria-controls', (await suggestions()).id);
    const [first, second] = await options();
    await expect(box).toHaveAttribute('aria-activedescendant', first?.id);
    await userEvent.keyboard('{ArrowDown}');
    await expect(second).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', second?.id);
    await userEvent.keyboard('{Enter}');
    await expect(box).toHaveValue('Ask @andre_m ');
    await expect(box.selectionStart).toBe('Ask @andre_m '.length);
    await expect(box).toHaveFocus();
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await expect(args.onMentionQueryChange).toHaveBeenLastCalledWith(null);
    await userEvent.keyboard('about it');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reply' }));
    await expect(args.onSubmit).toHaveBeenCalledWith('Ask @andre_m about it');
  },
};

/** A member of another server: `@ann@sou` narrows the list to their handle; Tab picks it. */
export const RemoteMember: Story = {
  play: async ({ userEvent }) => {
    const { box } = await replyBox();
    await userEvent.type(box, 'Cc @ann@sou');
    await waitFor(async () => expect(await options()).toHaveLength(1));
    const [only] = await options();
    await expect(only).toHaveAccessibleName('Ann of the South @ann@south.example');
    await userEvent.keyboard('{Tab}');
    await expect(box).toHaveValue('Cc @ann@south.example ');
    await expect(box).toHaveFocus();
  },
};

/** Escape closes the list and only the list: the dialog stays open, with the reply. */
export const EscapeClosesTheList: Story = {
  play: async ({ args, userEvent }) => {
    const { box } = await replyBox();
    await userEvent.type(box, 'Hey @an');
    await suggestions();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await expect(args.onOpenChange).not.toHaveBeenCalled();
    await expect(screen.getByRole('dialog', { name: 'Reply' })).toBeVisible();
    await expect(box).toHaveValue('Hey @an');
    await expect(box).toHaveFocus();
    await expect(args.onMentionQueryChange).toHaveBeenLastCalledWith(null);
  },
};

/**
 * The member search fails: the list says so calmly in its status line, offers nothing, and
 * Enter writes a new line as it would without the list.
 */
export const SearchFailed: Story = {
  args: { searchFails: true },
  play: async ({ userEvent }) => {
    const { box } = await replyBox();
    await userEvent.type(box, 'Thanks @an');
    await expect(await screen.findByText(MENTION_SEARCH_FAILED_MESSAGE)).toHaveAttribute(
      'role',
      'status',
    );
    await expect(within(await suggestions()).queryAllByRole('option')).toHaveLength(0);
    await expect(box).not.toHaveAttribute('aria-activedescendant');
    await userEvent.keyboard('{Enter}');
    await expect(box).toHaveValue('Thanks @an\n');
  },
};
