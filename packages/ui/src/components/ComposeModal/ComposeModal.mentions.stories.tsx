import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { me } from '../../stories/fixtures.js';
import { findMentionMembers } from '../../stories/mentionMembers.js';
import { Button } from '../Button/Button.js';
import {
  MENTION_SEARCHING_MESSAGE,
  mentionNoMatchMessage,
} from '../MentionSuggestions/MentionSuggestions.js';
import { ComposeModal, type ComposeModalProps } from './ComposeModal.js';

// Mentions in the composer: typing `@` and a name offers members of this server and of others;
// the arrow keys, Enter, Tab, Escape and a click work on the list while the text keeps focus.

/** Members found as the app finds them (it asks the server), at once. */
function WithMemberSearch(args: ComposeModalProps) {
  const [query, setQuery] = useState<string | null>(null);
  return (
    <ComposeModal
      {...args}
      onMentionQueryChange={(next) => {
        args.onMentionQueryChange?.(next);
        setQuery(next);
      }}
      mentionSuggestions={{
        query,
        members: query ? findMentionMembers(query) : [],
        loading: false,
      }}
    />
  );
}

const meta = {
  title: 'Composer/ComposeModal mentions',
  component: ComposeModal,
  render: WithMemberSearch,
  args: {
    onSubmit: fn(),
    onMentionQueryChange: fn(),
    currentUser: me,
    trigger: <Button>Whisper</Button>,
    defaultOpen: true,
  },
} satisfies Meta<typeof ComposeModal>;

export default meta;
type Story = StoryObj<typeof meta>;

async function textBox() {
  const dialog = await screen.findByRole('dialog', { name: 'New Whisp' });
  const box = within(dialog).getByRole('textbox', { name: 'What’s happening?' });
  return { dialog, box: box as HTMLTextAreaElement };
}

const suggestions = () => screen.findByRole('listbox', { name: 'Members to mention' });
const options = async () => within(await suggestions()).getAllByRole('option');

/**
 * `@an` offers members of this server and of another; ArrowDown highlights the second, Enter puts
 * their handle and a space in place of `@an`, the caret after it, and the whisp goes out with it.
 */
export const KeyboardSelection: Story = {
  play: async ({ args, userEvent }) => {
    const { dialog, box } = await textBox();
    await userEvent.type(box, 'Lunch with @an');
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
    await expect(box).toHaveValue('Lunch with @andre_m ');
    await expect(box.selectionStart).toBe('Lunch with @andre_m '.length);
    await expect(box).toHaveFocus();
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await expect(args.onMentionQueryChange).toHaveBeenLastCalledWith(null);
    await userEvent.keyboard('today?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Whisper' }));
    await expect(args.onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ content: 'Lunch with @andre_m today?' }),
    );
  },
};

/**
 * A member of another server: `@ann@sou` narrows the list to the handle with that server; Tab
 * picks as Enter does; ArrowUp from the top goes round to the bottom.
 */
export const RemoteMember: Story = {
  play: async ({ userEvent }) => {
    const { box } = await textBox();
    await userEvent.type(box, 'Hi @ann@sou');
    await waitFor(async () => expect(await options()).toHaveLength(1));
    const [only] = await options();
    await expect(only).toHaveAccessibleName('Ann of the South @ann@south.example');
    await userEvent.keyboard('{ArrowUp}{Tab}');
    await expect(box).toHaveValue('Hi @ann@south.example ');
    await expect(box).toHaveFocus();
  },
};

/** A click (or a tap) picks, and the text keeps focus, so the phone's keyboard stays open. */
export const PickedWithPointer: Story = {
  play: async ({ userEvent }) => {
    const { box } = await textBox();
    await userEvent.type(box, 'Tea, @ali?');
    await expect(screen.queryByRole('listbox')).toBeNull();
    // Back inside the handle (before the "?"): the list is for the handle the caret is in.
    await userEvent.keyboard('{ArrowLeft}');
    const option = await screen.findByRole('option', { name: /Alice Liddell/ });
    await userEvent.click(option);
    await expect(box).toHaveValue('Tea, @alice@remote.example?');
    await expect(box).toHaveFocus();
  },
};

/**
 * Escape closes the list and only the list: the dialog stays, with the text. Typing on opens it
 * again for the longer handle.
 */
export const EscapeClosesTheList: Story = {
  play: async ({ args, userEvent }) => {
    const { dialog, box } = await textBox();
    await userEvent.type(box, 'Hey @an');
    await suggestions();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await expect(dialog).toBeInTheDocument();
    await expect(screen.getByRole('dialog', { name: 'New Whisp' })).toBeVisible();
    await expect(box).toHaveValue('Hey @an');
    await expect(args.onMentionQueryChange).toHaveBeenLastCalledWith(null);
    await userEvent.type(box, 'n');
    await waitFor(async () => expect(await options()).toHaveLength(2));
    await expect(args.onMentionQueryChange).toHaveBeenLastCalledWith('ann');
  },
};

/** Nobody matches: the list says so, and Enter writes a new line as usual. */
export const NoMatch: Story = {
  play: async ({ userEvent }) => {
    const { box } = await textBox();
    await userEvent.type(box, 'Hi @zz');
    await expect(await screen.findByText(mentionNoMatchMessage('zz'))).toHaveAttribute(
      'role',
      'status',
    );
    await userEvent.keyboard('{Enter}');
    await expect(box).toHaveValue('Hi @zz\n');
  },
};

/** Waiting for the app's answer: the list says it is looking. */
export const Loading: Story = {
  render: (args) => (
    <ComposeModal {...args} mentionSuggestions={{ query: null, members: [], loading: true }} />
  ),
  play: async ({ userEvent }) => {
    const { box } = await textBox();
    await userEvent.type(box, 'Hi @an');
    await expect(await screen.findByText(MENTION_SEARCHING_MESSAGE)).toHaveAttribute(
      'role',
      'status',
    );
  },
};

/** An @ inside a word is an address, not a mention: no list, no query. */
export const AddressIsNoMention: Story = {
  play: async ({ args, userEvent }) => {
    const { box } = await textBox();
    await userEvent.type(box, 'Write to me@an');
    await expect(screen.queryByRole('listbox')).toBeNull();
    await expect(args.onMentionQueryChange).not.toHaveBeenCalledWith('an');
  },
};

/** Without the mention props the composer is as it was: no list, no autocomplete on the text. */
export const WithoutMentionProps: Story = {
  render: (args) => <ComposeModal {...args} />,
  args: { onMentionQueryChange: undefined },
  play: async ({ userEvent }) => {
    const { box } = await textBox();
    await userEvent.type(box, 'Hi @an');
    await expect(box).not.toHaveAttribute('aria-autocomplete');
    await expect(screen.queryByRole('listbox')).toBeNull();
  },
};

/** The list over the composer in the dark theme, the second member highlighted. */
export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ userEvent }) => {
    const { box } = await textBox();
    await userEvent.type(box, '@a');
    await waitFor(async () => expect((await options()).length).toBeGreaterThan(1));
    await userEvent.keyboard('{ArrowDown}');
    const [, second] = await options();
    await waitFor(() => expect(second).toBeVisible());
    await expect(second).toHaveAttribute('aria-selected', 'true');
  },
};
