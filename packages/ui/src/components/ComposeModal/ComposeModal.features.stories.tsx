import type { Meta, StoryObj } from '@storybook/react-vite';
import { ERRORS } from '@whisp/api-client/contract/errors';
import { CONTENT_WARNING_MAX_LENGTH } from '@whisp/api-client/contract/limits';
import { useState } from 'react';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { settleEmojiResults } from '../../stories/emoji.js';
import { me, photos, storyNow } from '../../stories/fixtures.js';
import { Button } from '../Button/Button.js';
import { preloadEmojiPicker } from '../EmojiPicker/EmojiPicker.js';
import {
  type ComposeDraft,
  type ComposeMedia,
  ComposeModal,
  type ComposeModalProps,
} from './ComposeModal.js';
import { ANIMATED_IMAGE_ACCEPT, GIF_TOOLTIP } from './ComposeToolbar.js';

// Composer (1.2): poll, content warning, schedule, emoji and GIF, each on its own and together.

const now = () => storyNow.getTime();
const HOUR = 3_600_000;
const replySettings = { can_reply: 'everyone', can_repost: true } as const;
const draftOf = (patch: Partial<ComposeDraft>): ComposeDraft => ({
  content: '',
  replySettings,
  ...patch,
});
/** A one-pixel GIF: stands for an animated picture picked from the device. */
const gifPreview =
  'data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==';

const meta = {
  title: 'Composer/ComposeModal features',
  component: ComposeModal,
  args: {
    onSubmit: fn(),
    currentUser: me,
    trigger: <Button>Whisper</Button>,
    defaultOpen: true,
    now,
  },
} satisfies Meta<typeof ComposeModal>;

export default meta;
type Story = StoryObj<typeof meta>;

const composer = () => screen.findByRole('dialog', { name: 'New Whisp' });

/** Media kept in the story, as the app keeps its uploads. */
function WithMediaState(args: ComposeModalProps) {
  const [media, setMedia] = useState<ComposeMedia[]>(args.media ?? []);
  return (
    <ComposeModal
      {...args}
      media={media}
      onRemoveMedia={(id) => setMedia((list) => list.filter((item) => item.id !== id))}
    />
  );
}

/** "Scheduled whisps" opens the list of pending ones (the app decides where). */
export const ScheduledWhispsLink: Story = {
  args: { onOpenScheduled: fn() },
  play: async ({ args, userEvent }) => {
    const dialog = await composer();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Scheduled whisps' }));
    await expect(args.onOpenScheduled).toHaveBeenCalledOnce();
  },
};

/** "Add a poll" opens the poll editor in the composer; the poll goes out with the text. */
export const Poll: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = await composer();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'What’s happening?' }),
      'Tea?',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add a poll' }));
    const poll = await within(dialog).findByRole('group', { name: 'Poll' });
    await userEvent.type(within(poll).getByRole('textbox', { name: 'Option 1' }), 'Tea ');
    await userEvent.type(within(poll).getByRole('textbox', { name: 'Option 2' }), 'Milk');
    await userEvent.selectOptions(
      within(poll).getByRole('combobox', { name: 'Poll length' }),
      '1 hour',
    );
    await userEvent.click(within(poll).getByRole('switch', { name: 'Multiple choice' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Whisper' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({
      content: 'Tea?',
      replySettings,
      contentWarning: null,
      poll: { options: ['Tea', 'Milk'], expiresIn: 3600, multiple: true },
      scheduledAt: null,
    });
  },
};

/** The contract's poll rules run before sending, in its words; nothing is sent. */
export const PollRefused: Story = {
  args: {
    defaultDraft: draftOf({
      content: 'Pick one',
      poll: { options: ['Yes', ' yes '], expiresIn: 86_400, multiple: false },
    }),
  },
  play: async ({ args, userEvent }) => {
    const dialog = await composer();
    const poll = await within(dialog).findByRole('group', { name: 'Poll' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Whisper' }));
    await expect(within(poll).getByRole('alert')).toHaveTextContent(
      ERRORS.pollOptionsRepeat.message,
    );
    await userEvent.clear(within(poll).getByRole('textbox', { name: 'Option 2' }));
    await expect(within(poll).queryByRole('alert')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Whisper' }));
    await expect(within(poll).getByRole('alert')).toHaveTextContent(
      'Each poll option needs 1 to 50 characters',
    );
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** With an attachment, "Add a poll" is unavailable and its tooltip says why. */
export const PollUnavailableWithMedia: Story = {
  render: WithMediaState,
  args: {
    onAttachMedia: fn(),
    media: [{ id: 'a', previewUrl: photos[0] as string, name: 'beach.jpg' }],
  },
  play: async ({ userEvent }) => {
    const dialog = await composer();
    const addPoll = within(dialog).getByRole('button', { name: 'Add a poll' });
    await expect(addPoll).toHaveAttribute('aria-disabled', 'true');
    await userEvent.hover(addPoll);
    await expect(await screen.findByRole('tooltip')).toHaveTextContent(
      ERRORS.pollWithMedia.message,
    );
    await userEvent.click(addPoll);
    await expect(within(dialog).queryByRole('group', { name: 'Poll' })).toBeNull();
    // Without the attachment, a poll is possible again.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove beach.jpg' }));
    await expect(addPoll).not.toHaveAttribute('aria-disabled');
  },
};

/** With a poll, the attach and GIF buttons are unavailable, saying why. */
export const MediaUnavailableWithPoll: Story = {
  args: {
    onAttachMedia: fn(),
    defaultDraft: draftOf({
      content: 'Which one?',
      poll: { options: ['A', 'B'], expiresIn: 300, multiple: false },
    }),
  },
  play: async ({ args, userEvent }) => {
    const dialog = await composer();
    await within(dialog).findByRole('group', { name: 'Poll' });
    for (const name of ['Add photos or video', 'Add a GIF']) {
      await expect(within(dialog).getByRole('button', { name })).toHaveAttribute(
        'aria-disabled',
        'true',
      );
    }
    await userEvent.hover(within(dialog).getByRole('button', { name: 'Add a GIF' }));
    await expect(await screen.findByRole('tooltip')).toHaveTextContent(
      ERRORS.pollWithMedia.message,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove poll' }));
    await expect(
      within(dialog).getByRole('button', { name: 'Add photos or video' }),
    ).not.toHaveAttribute('aria-disabled');
    await expect(args.onAttachMedia).not.toHaveBeenCalled();
  },
};

/** "Content warning" opens a field above the text, focused; the warning goes out trimmed. */
export const ContentWarning: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = await composer();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'What’s happening?' }),
      'It ends',
    );
    const toggle = within(dialog).getByRole('button', { name: 'Content warning' });
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const field = within(dialog).getByRole('textbox', { name: 'Content warning' });
    await waitFor(() => expect(field).toHaveFocus());
    await userEvent.type(field, 'Spoilers ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Whisper' }));
    await expect(args.onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ content: 'It ends', contentWarning: 'Spoilers' }),
    );
  },
};

/** A warning over 100 characters is refused in the contract's words, and focused. */
export const ContentWarningTooLong: Story = {
  args: {
    defaultDraft: draftOf({
      content: 'Long warning',
      contentWarning: 'x'.repeat(CONTENT_WARNING_MAX_LENGTH + 1),
    }),
  },
  play: async ({ args, userEvent }) => {
    const dialog = await composer();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Whisper' }));
    const field = within(dialog).getByRole('textbox', { name: 'Content warning' });
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(
      ERRORS.contentWarningTooLong.message,
    );
    await expect(field).toHaveFocus();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/**
 * "Schedule": a time on the member's clock, then a chip says when, the send button reads
 * "Schedule", and the draft goes out with `scheduledAt`.
 */
export const Scheduled: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = await composer();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'What’s happening?' }), 'Hi!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule for later' }));
    const picker = await screen.findByRole('dialog', { name: 'Schedule whisp' });
    // The picker fades in: visible once its opacity is up, however busy the browser is.
    await waitFor(() => expect(within(picker).getByText(/^Your time zone: /)).toBeVisible());
    await userEvent.click(within(picker).getByRole('button', { name: 'Set time' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Schedule whisp' })).toBeNull(),
    );
    await waitFor(() => expect(within(dialog).getByText(/^Scheduled for /)).toBeVisible());
    const submit = within(dialog).getByRole('button', { name: 'Schedule' });
    await expect(submit).toHaveAttribute('type', 'submit');
    await userEvent.click(submit);
    await expect(args.onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        content: 'Hi!',
        scheduledAt: new Date(now() + HOUR).toISOString(),
      }),
    );
  },
};

/** Clearing the chip publishes at once again: the button reads "Whisper". */
export const ScheduleCleared: Story = {
  args: {
    defaultDraft: draftOf({
      content: 'Later',
      scheduledAt: new Date(now() + 2 * HOUR).toISOString(),
    }),
  },
  play: async ({ userEvent }) => {
    const dialog = await composer();
    const submit = dialog.querySelector('button[type="submit"]') as HTMLElement;
    await expect(submit).toHaveTextContent('Schedule');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear schedule' }));
    await expect(within(dialog).queryByText(/^Scheduled for /)).toBeNull();
    await expect(submit).toHaveTextContent('Whisper');
  },
};

/**
 * A time that has come too close (a draft kept since) is checked again on send, in the
 * contract's words; a too-soon time is refused in the picker already.
 */
export const ScheduleRefused: Story = {
  args: {
    defaultDraft: draftOf({ content: 'Soon', scheduledAt: new Date(now() + 60_000).toISOString() }),
  },
  play: async ({ args, userEvent }) => {
    const dialog = await composer();
    const submit = dialog.querySelector('button[type="submit"]') as HTMLElement;
    await userEvent.click(submit);
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(
      ERRORS.scheduleTimeInvalid.message,
    );
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/**
 * Pick an emoji by keyboard alone: the caret is placed with the arrow keys, Tab reaches "Add an
 * emoji", Enter opens it with focus in the search, Enter picks; the emoji lands at the caret and
 * focus is back in the text just after it.
 */
export const EmojiByKeyboard: Story = {
  // The picker's code and data arrive first, as they do once focus reaches its button.
  loaders: [() => preloadEmojiPicker()],
  play: async ({ userEvent }) => {
    const dialog = await composer();
    const box = within(dialog).getByRole('textbox', { name: 'What’s happening?' });
    await userEvent.type(box, 'Hi you');
    await userEvent.keyboard('{Home}{ArrowRight}{ArrowRight}');
    const emojiButton = within(dialog).getByRole('button', { name: 'Add an emoji' });
    for (let step = 0; step < 12 && document.activeElement !== emojiButton; step++) {
      await userEvent.tab();
    }
    await expect(emojiButton).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const picker = await screen.findByRole('dialog', { name: 'Emoji picker' });
    const search = await within(picker).findByRole('searchbox', { name: 'Search emoji' });
    await waitFor(() => expect(search).toHaveFocus());
    await userEvent.keyboard('waving');
    await within(picker).findByLabelText('Waving hand');
    await settleEmojiResults();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(box).toHaveValue('Hi👋 you'));
    await waitFor(() => expect(box).toHaveFocus());
    await expect((box as HTMLTextAreaElement).selectionStart).toBe('Hi👋'.length);
  },
};

/** The emoji picker open over the composer. */
export const EmojiPickerOpen: Story = {
  loaders: [() => preloadEmojiPicker()],
  play: async ({ userEvent }) => {
    const dialog = await composer();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add an emoji' }));
    const picker = await screen.findByRole('dialog', { name: 'Emoji picker' });
    // The grid appears once frimousse has laid out the data, in an idle moment of the page.
    const grid = await within(picker).findByRole('grid', { name: 'Emoji' }, { timeout: 10_000 });
    // The popover fades in: visible once it has.
    await waitFor(() => expect(grid).toBeVisible());
  },
};

/**
 * A GIF picked from the device, through the same upload as photos; the button's tooltip says why
 * there is no GIF search.
 */
export const GifAttached: Story = {
  render: WithMediaState,
  args: {
    onAttachMedia: fn(),
    defaultDraft: draftOf({ content: 'Me on Monday' }),
    media: [
      {
        id: 'g',
        previewUrl: gifPreview,
        name: 'dance.gif',
        kind: 'animated',
        alt: 'A dancing cat',
      },
    ],
  },
  play: async ({ userEvent }) => {
    const dialog = await composer();
    // The dialog fades in: visible once it has.
    await waitFor(() =>
      expect(within(dialog).getByRole('img', { name: 'A dancing cat' })).toBeVisible(),
    );
    await expect(
      dialog.querySelector(`input[type="file"][accept="${ANIMATED_IMAGE_ACCEPT}"]`),
    ).not.toBeNull();
    await userEvent.hover(within(dialog).getByRole('button', { name: 'Add a GIF' }));
    await expect(await screen.findByRole('tooltip')).toHaveTextContent(GIF_TOOLTIP);
  },
};

/** A reply's composer: only the tools a reply takes. */
export const ReplyTools: Story = {
  args: {
    title: 'Reply',
    submitLabel: 'Reply',
    onAttachMedia: fn(),
    builtInTools: ['media', 'emoji', 'contentWarning'],
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Reply' });
    await expect(within(dialog).queryByRole('button', { name: 'Add a poll' })).toBeNull();
    await expect(within(dialog).queryByRole('button', { name: 'Schedule for later' })).toBeNull();
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Content warning' })).toBeVisible(),
    );
  },
};

const everything = draftOf({
  content: 'Who takes the finale?',
  contentWarning: 'Finale spoilers',
  poll: { options: ['Ada', 'Grace', 'Linus'], expiresIn: 6 * 3600, multiple: false },
  scheduledAt: new Date(now() + 5 * HOUR).toISOString(),
});

/** A warning, a poll and a time together, on a phone. */
export const EverythingOnPhone: Story = {
  args: { defaultDraft: everything, onAttachMedia: fn(), onOpenScheduled: fn() },
  globals: { viewport: { value: 'phone' } },
  play: async () => {
    const dialog = await composer();
    await within(dialog).findByRole('group', { name: 'Poll' });
    const edge = dialog.getBoundingClientRect().right;
    const submit = dialog.querySelector('button[type="submit"]') as HTMLElement;
    await expect(submit).toHaveTextContent('Schedule');
    await expect(submit.getBoundingClientRect().right).toBeLessThanOrEqual(edge);
  },
};

/** The same in the dark theme. */
export const EverythingDark: Story = {
  args: { defaultDraft: everything, onAttachMedia: fn() },
  globals: { theme: 'dark' },
  play: async () => {
    const dialog = await composer();
    const poll = await within(dialog).findByRole('group', { name: 'Poll' });
    await waitFor(() => expect(poll).toBeVisible());
  },
};
