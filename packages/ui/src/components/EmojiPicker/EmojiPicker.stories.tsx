import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { settleEmojiResults } from '../../stories/emoji.js';
import { EmojiPicker, preloadEmojiPicker } from './EmojiPicker.js';
import { RECENT_EMOJI_MAX } from './recentEmoji.js';

const RECENT_KEY = 'whisp.emoji.recent';
const SKIN_TONE_KEY = 'whisp.emoji.skinTone';

const meta = {
  title: 'Composer/EmojiPicker',
  component: EmojiPicker,
  args: { onEmojiSelect: fn() },
  // The picker's chunk and data arrive before the story, as they do in the app once the pointer
  // or focus reaches the button: the play functions time the picker, not a busy dev server.
  loaders: [() => preloadEmojiPicker()],
  // Each story starts with nothing remembered on this device.
  beforeEach: () => {
    localStorage.removeItem(RECENT_KEY);
    localStorage.removeItem(SKIN_TONE_KEY);
  },
  decorators: [
    (Story) => (
      // Room above the button: the picker opens upwards, as it does in the composer's toolbar.
      <div style={{ paddingTop: 440 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof EmojiPicker>;

export default meta;
type Story = StoryObj<typeof meta>;

async function openPicker() {
  const picker = await screen.findByRole('dialog', { name: 'Emoji picker' });
  const search = await within(picker).findByRole('searchbox', { name: 'Search emoji' });
  await waitFor(() => expect(search).toHaveFocus());
  return { picker, search };
}

/** Search and pick with the pointer: the picker closes and hands the emoji over. */
export const Playground: Story = {
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Add an emoji' }));
    const { picker, search } = await openPicker();
    await userEvent.type(search, 'waving hand');
    // Clicked once the filtered grid shows it: on a loaded CI host a click on the emoji while the
    // popover was still fading in, or the grid still filtering, picked nothing.
    const waving = await within(picker).findByLabelText('Waving hand');
    await waitFor(() => expect(waving).toBeVisible());
    await userEvent.click(waving);
    await expect(args.onEmojiSelect).toHaveBeenCalledWith('👋');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** Open, with the categories, the skin tone and the grid. */
export const Open: Story = {
  args: { defaultOpen: true },
  play: async () => {
    const { picker } = await openPicker();
    // The popover fades in: its parts are visible once its opacity is up, however busy the
    // browser is (a loaded CI host saw them still transparent).
    await waitFor(() =>
      expect(within(picker).getByRole('navigation', { name: 'Emoji categories' })).toBeVisible(),
    );
    await expect(within(picker).getByRole('combobox', { name: 'Skin tone' })).toBeVisible();
    const grid = await within(picker).findByRole('grid', { name: 'Emoji' });
    await waitFor(() => expect(grid).toBeVisible());
    const category = await within(picker).findByText('Smileys & emotion');
    await waitFor(() => expect(category).toBeVisible());
  },
};

/**
 * Pick an emoji by keyboard alone: Tab to the button, Enter opens it with focus in the search,
 * typing filters, the arrow keys move the active emoji and Enter picks it.
 */
export const KeyboardOnly: Story = {
  play: async ({ args, canvas }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Add an emoji' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const { picker } = await openPicker();
    await userEvent.keyboard('hand');
    await within(picker).findByLabelText('Waving hand');
    await settleEmojiResults();
    const first = await waitFor(() => within(picker).getByRole('gridcell', { selected: true }));
    await userEvent.keyboard('{ArrowRight}');
    // frimousse draws the move on the next animation frame.
    const next = await waitFor(() => {
      const active = within(picker).getByRole('gridcell', { selected: true });
      expect(active).not.toBe(first);
      return active;
    });
    await userEvent.keyboard('{Enter}');
    await expect(args.onEmojiSelect).toHaveBeenCalledWith(next.textContent);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** Escape closes the picker and gives focus back to its button. */
export const EscapeReturnsFocus: Story = {
  play: async ({ args, canvas }) => {
    const button = canvas.getByRole('button', { name: 'Add an emoji' });
    await userEvent.click(button);
    await openPicker();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(button).toHaveFocus());
    await expect(args.onEmojiSelect).not.toHaveBeenCalled();
  },
};

/** Picked emoji come first next time, most recent first, a few of them, on this device only. */
export const RecentlyUsed: Story = {
  beforeEach: () => {
    localStorage.setItem(RECENT_KEY, JSON.stringify(['🎉', '❤️', '😂']));
  },
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Add an emoji' }));
    const { picker } = await openPicker();
    const recent = within(picker).getByRole('region', { name: 'Recently used' });
    await expect(
      within(recent)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['🎉', '❤️', '😂']);
    await userEvent.click(within(recent).getByRole('button', { name: '😂' }));
    await expect(args.onEmojiSelect).toHaveBeenCalledWith('😂');
    const stored: string[] = JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]');
    await expect(stored).toEqual(['😂', '🎉', '❤️']);
    await expect(stored.length).toBeLessThanOrEqual(RECENT_EMOJI_MAX);
  },
};

/** The chosen skin tone applies to the grid and is remembered. */
export const SkinTone: Story = {
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Add an emoji' }));
    const { picker, search } = await openPicker();
    await userEvent.selectOptions(
      within(picker).getByRole('combobox', { name: 'Skin tone' }),
      'medium',
    );
    await userEvent.type(search, 'waving hand');
    await userEvent.click(await within(picker).findByLabelText('Waving hand'));
    await expect(args.onEmojiSelect).toHaveBeenCalledWith('👋🏽');
    await expect(localStorage.getItem(SKIN_TONE_KEY)).toBe('medium');
  },
};

/** A search with no match says so. */
export const NoResults: Story = {
  args: { defaultOpen: true },
  play: async () => {
    const { picker, search } = await openPicker();
    await userEvent.type(search, 'zzzqqq');
    const nothing = await within(picker).findByText('No emoji found for “zzzqqq”');
    await waitFor(() => expect(nothing).toBeVisible());
  },
};

/** A category button scrolls the grid to it. */
export const JumpToCategory: Story = {
  args: { defaultOpen: true },
  play: async () => {
    const { picker } = await openPicker();
    // The categories exist once the data is laid out.
    await within(picker).findByText('Smileys & emotion');
    await settleEmojiResults();
    await userEvent.click(within(picker).getByRole('button', { name: 'Flags' }));
    const flag = await within(picker).findByLabelText('Flag: Ascension Island');
    await waitFor(() => expect(flag).toBeVisible());
  },
};

/** On a phone the picker fits the screen's width. */
export const Phone: Story = {
  args: { defaultOpen: true },
  globals: { viewport: { value: 'phone' } },
  play: async () => {
    const { picker } = await openPicker();
    await expect(picker.getBoundingClientRect().width).toBeLessThanOrEqual(window.innerWidth);
  },
};

/** The dark theme. */
export const Dark: Story = {
  args: { defaultOpen: true },
  globals: { theme: 'dark' },
  play: async () => {
    const { picker } = await openPicker();
    const grid = await within(picker).findByRole('grid', { name: 'Emoji' });
    // The popover fades in: visible once it has.
    await waitFor(() => expect(grid).toBeVisible());
  },
};
