import type { Meta, StoryObj } from '@storybook/react-vite';
import { useRef } from 'react';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { longHandleMember } from '../../stories/fixtures.js';
import { andre, anna, southAnn } from '../../stories/mentionMembers.js';
import {
  MENTION_SEARCH_FAILED_MESSAGE,
  MENTION_SEARCHING_MESSAGE,
  MentionSuggestions,
  type MentionSuggestionsProps,
  mentionNoMatchMessage,
  mentionOptionId,
} from './MentionSuggestions.js';

// The list on its own, under a plain text field; ComposeModal.mentions.stories.tsx types into
// the composer and picks from it.

const LIST_ID = 'mention-list';

/** A text field to hang the list under, pointing at its highlighted option as the composer does. */
function UnderField(args: MentionSuggestionsProps) {
  const field = useRef<HTMLTextAreaElement>(null);
  return (
    <>
      <textarea
        ref={field}
        aria-label="Whisp text"
        defaultValue={`Hello @${args.query}`}
        rows={3}
        style={{ width: 'min(480px, 100%)' }}
        aria-autocomplete="list"
        aria-controls={args.id}
        aria-activedescendant={
          args.members.length > 0 ? mentionOptionId(args.id, args.activeIndex) : undefined
        }
      />
      <MentionSuggestions {...args} anchor={field} />
    </>
  );
}

const meta = {
  title: 'Composer/MentionSuggestions',
  component: MentionSuggestions,
  render: UnderField,
  args: {
    id: LIST_ID,
    anchor: { current: null },
    open: true,
    query: 'an',
    members: [anna, andre, southAnn],
    activeIndex: 0,
    onSelect: fn(),
    onActiveIndexChange: fn(),
    onOpenChange: fn(),
  },
} satisfies Meta<typeof MentionSuggestions>;

export default meta;
type Story = StoryObj<typeof meta>;

const list = () => screen.findByRole('listbox', { name: 'Members to mention' });

/**
 * Members of this server and of another: avatar, name and handle, the other server's in the
 * handle. The highlighted one is selected; a click picks.
 */
export const Playground: Story = {
  play: async ({ args, userEvent }) => {
    const options = within(await list()).getAllByRole('option');
    await expect(options).toHaveLength(3);
    await expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await expect(options[0]).toHaveAccessibleName('Anna Berg @anna');
    // The list fades in: visible once it has.
    await waitFor(() =>
      expect(within(options[2] as HTMLElement).getByText('@ann@south.example')).toBeVisible(),
    );
    await expect(screen.getByRole('status')).toHaveTextContent('3 members');
    await userEvent.click(options[1] as HTMLElement);
    await expect(args.onSelect).toHaveBeenCalledWith(andre);
  },
};

/** The second option highlighted by the arrow keys: the field points at it. */
export const Highlighted: Story = {
  args: { activeIndex: 1 },
  play: async () => {
    const option = within(await list()).getByRole('option', { name: /André Martin/ });
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await expect(screen.getByRole('textbox', { name: 'Whisp text' })).toHaveAttribute(
      'aria-activedescendant',
      option.id,
    );
  },
};

/** Still looking, nothing found yet: a spinner and a line that says so. */
export const Loading: Story = {
  args: { members: [], loading: true },
  play: async () => {
    await expect(await screen.findByRole('status')).toHaveTextContent(MENTION_SEARCHING_MESSAGE);
    await expect(within(await list()).queryAllByRole('option')).toHaveLength(0);
  },
};

/** Looking for more letters: the members of the last answer stay, so the list does not flicker. */
export const LoadingWithMembers: Story = {
  args: { loading: true, query: 'ann' },
  play: async () => {
    const listbox = await list();
    await expect(listbox).toHaveAttribute('aria-busy', 'true');
    await expect(within(listbox).getAllByRole('option')).toHaveLength(3);
  },
};

/** Nobody matches: the list says so with what was typed. */
export const NoMatch: Story = {
  args: { members: [], query: 'zed@nowhere.example' },
  play: async () => {
    await expect(await screen.findByRole('status')).toHaveTextContent(
      mentionNoMatchMessage('zed@nowhere.example'),
    );
  },
};

/** A handle longer than a phone is wide ends in an ellipsis inside its row. */
export const LongHandleOnPhone: Story = {
  args: { members: [longHandleMember, southAnn], query: 'b' },
  globals: { viewport: { value: 'phone' } },
  play: async () => {
    const listbox = await list();
    const handle = within(listbox).getByText(`@${longHandleMember.acct}`);
    await expect(handle.getBoundingClientRect().right).toBeLessThanOrEqual(
      listbox.getBoundingClientRect().right,
    );
    await expect(listbox.scrollWidth).toBeLessThanOrEqual(listbox.clientWidth);
  },
};

/** The dark theme: the highlight and the muted handle on the dark surface. */
export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { activeIndex: 2 },
  play: async () => {
    const option = within(await list()).getByRole('option', { name: /Ann of the South/ });
    await waitFor(() => expect(option).toBeVisible());
    await expect(option).toHaveAttribute('aria-selected', 'true');
  },
};

/**
 * The search failed (the server could not be asked): a calm line instead of "no match", since
 * a member who matches may well exist, and no option to pick.
 */
export const SearchFailed: Story = {
  args: { members: [], error: true },
  play: async () => {
    await expect(await screen.findByRole('status')).toHaveTextContent(
      MENTION_SEARCH_FAILED_MESSAGE,
    );
    await expect(screen.queryByText(mentionNoMatchMessage('an'))).toBeNull();
    await expect(within(await list()).queryAllByRole('option')).toHaveLength(0);
  },
};

/** Looking again after a failure: the list says it is looking, not that it failed. */
export const LookingAgainAfterFailure: Story = {
  args: { members: [], error: true, loading: true, query: 'ann' },
  play: async () => {
    await expect(await screen.findByRole('status')).toHaveTextContent(MENTION_SEARCHING_MESSAGE);
    await expect(screen.queryByText(MENTION_SEARCH_FAILED_MESSAGE)).toBeNull();
  },
};
