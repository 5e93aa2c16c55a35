import type { Meta, StoryObj } from '@storybook/react-vite';
import { ERRORS } from '@whisp/api-client/contract/errors';
import Sticker from 'lucide-react/icons/sticker';
import { useState } from 'react';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { me, photos } from '../../stories/fixtures.js';
import { Button } from '../Button/Button.js';
import { IconButton } from '../IconButton/IconButton.js';
import { type ComposeMedia, ComposeModal, type ComposeModalProps } from './ComposeModal.js';

const meta = {
  title: 'Headline/ComposeModal',
  component: ComposeModal,
  args: {
    onSubmit: fn(),
    currentUser: me,
    trigger: <Button>Whisper</Button>,
  },
} satisfies Meta<typeof ComposeModal>;

export default meta;
type Story = StoryObj<typeof meta>;

async function openCompose(
  userEvent: { click: (element: Element) => Promise<void> },
  canvas: { getByRole: typeof screen.getByRole },
) {
  await userEvent.click(canvas.getByRole('button', { name: 'Whisper' }));
  return screen.findByRole('dialog', { name: 'New Whisp' });
}

/** Type and send: the draft goes out trimmed, with its reply settings, and the dialog closes. */
export const Playground: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const dialog = await openCompose(userEvent, canvas);
    const box = within(dialog).getByRole('textbox', { name: 'What’s happening?' });
    await expect(box).toHaveFocus();
    await userEvent.type(box, '  Hello, Whisp! 👋 ');
    await expect(within(dialog).getByText('18 / 500')).toBeVisible();
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Who can reply' }),
      'followers',
    );
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Allow rewhisps' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Whisper' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({
      content: 'Hello, Whisp! 👋',
      replySettings: { can_reply: 'followers', can_repost: false },
      contentWarning: null,
      poll: null,
      scheduledAt: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** Sending nothing warns with the spec's sentence and sends nothing. */
export const EmptyWarning: Story = {
  args: { defaultOpen: true },
  play: async ({ args, userEvent }) => {
    const dialog = await screen.findByRole('dialog', { name: 'New Whisp' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Whisper' }));
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(ERRORS.emptyPost.message);
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.type(within(dialog).getByRole('textbox'), 'Now there is');
    await expect(within(dialog).queryByRole('alert')).toBeNull();
  },
};

/**
 * The empty-whisp warning as it stays on screen: Whisper pressed with nothing written. The text box
 * keeps the focus it had on opening, so the member can start typing at once.
 */
export const EmptyWarningShown: Story = {
  args: { defaultOpen: true },
  play: async ({ args, userEvent }) => {
    const dialog = await screen.findByRole('dialog', { name: 'New Whisp' });
    const box = within(dialog).getByRole('textbox', { name: 'What’s happening?' });
    // The dialog opens with the focus in the text box, not on its close button.
    await expect(box).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Whisper' }));
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(ERRORS.emptyPost.message);
    // The dialog fades in: the warning is visible once it has.
    await waitFor(() => expect(within(dialog).getByRole('alert')).toBeVisible());
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Below 20 characters left the counter turns into a warning. */
export const NearTheLimit: Story = {
  args: {
    defaultOpen: true,
    defaultDraft: {
      content: 'x'.repeat(485),
      replySettings: { can_reply: 'everyone', can_repost: true },
    },
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'New Whisp' });
    await expect(within(dialog).getByText('15 characters left')).toHaveAttribute(
      'data-state',
      'warning',
    );
  },
};

/**
 * Over 500 the counter says by how much, never a negative count left, and sending is off. Emoji
 * count as one.
 */
export const OverTheLimit: Story = {
  args: {
    defaultOpen: true,
    defaultDraft: {
      content: '🎉'.repeat(503),
      replySettings: { can_reply: 'everyone', can_repost: true },
    },
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'New Whisp' });
    await expect(within(dialog).getByText('3 characters over the limit')).toHaveAttribute(
      'data-state',
      'over',
    );
    await expect(within(dialog).getByRole('button', { name: 'Whisper' })).toBeDisabled();
  },
};

/** Closing the dialog keeps the draft; opening it again brings the text back. */
export const DraftKept: Story = {
  play: async ({ canvas, userEvent }) => {
    let dialog = await openCompose(userEvent, canvas);
    await userEvent.type(within(dialog).getByRole('textbox'), 'Half a thought');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = await openCompose(userEvent, canvas);
    await expect(within(dialog).getByRole('textbox')).toHaveValue('Half a thought');
  },
};

function WithMediaState(args: ComposeModalProps) {
  const [media, setMedia] = useState<ComposeMedia[]>(args.media ?? []);
  return (
    <ComposeModal
      {...args}
      media={media}
      onAttachMedia={args.onAttachMedia}
      onRemoveMedia={(id) => setMedia((list) => list.filter((item) => item.id !== id))}
    />
  );
}

/** Previews with upload progress, a failed upload, and removal. */
export const WithMedia: Story = {
  render: WithMediaState,
  args: {
    defaultOpen: true,
    onAttachMedia: fn(),
    media: [
      { id: 'a', previewUrl: photos[0] as string, name: 'beach.jpg' },
      { id: 'b', previewUrl: photos[1] as string, name: 'sunset.jpg', progress: 60 },
      { id: 'c', previewUrl: photos[2] as string, name: 'huge.png', error: 'Too large' },
    ],
  },
  play: async ({ userEvent }) => {
    const dialog = await screen.findByRole('dialog', { name: 'New Whisp' });
    await expect(
      within(dialog).getByRole('progressbar', { name: 'Uploading sunset.jpg' }),
    ).toHaveAttribute('value', '60');
    // Sending waits for the uploads.
    await expect(within(dialog).getByRole('button', { name: 'Whisper' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove sunset.jpg' }));
    await expect(within(dialog).queryByRole('img', { name: 'sunset.jpg' })).toBeNull();
    await expect(within(dialog).getByRole('button', { name: 'Whisper' })).toBeEnabled();
  },
};

/** Uploading and failed attachments, as they look (no interaction). */
export const Uploading: Story = {
  args: {
    defaultOpen: true,
    onAttachMedia: fn(),
    onRemoveMedia: fn(),
    media: [
      { id: 'a', previewUrl: photos[0] as string, name: 'beach.jpg' },
      { id: 'b', previewUrl: photos[1] as string, name: 'sunset.jpg', progress: 60 },
      { id: 'c', previewUrl: photos[2] as string, name: 'huge.png', error: 'Too large' },
    ],
  },
};

export const Submitting: Story = {
  args: {
    defaultOpen: true,
    submitting: true,
    defaultDraft: {
      content: 'On its way',
      replySettings: { can_reply: 'everyone', can_repost: true },
    },
  },
};

export const ServerError: Story = {
  args: {
    defaultOpen: true,
    error: 'Failed to create post',
    defaultDraft: { content: 'Try me', replySettings: { can_reply: 'everyone', can_repost: true } },
  },
};

/**
 * On a phone, with the full toolbar (attach, GIF, poll, emoji, warning, schedule, an app's extra
 * tool and "Scheduled whisps"): the counter and the send button wrap to a line of their own rather
 * than off the screen.
 */
export const Phone: Story = {
  args: {
    defaultOpen: true,
    onAttachMedia: fn(),
    onOpenScheduled: fn(),
    media: [{ id: 'a', previewUrl: photos[3] as string, name: 'lake.jpg' }],
    defaultDraft: {
      content: 'x'.repeat(485),
      replySettings: { can_reply: 'everyone', can_repost: true },
    },
    tools: (
      <IconButton label="Add a sticker">
        <Sticker />
      </IconButton>
    ),
  },
  globals: { viewport: { value: 'phone' } },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'New Whisp' });
    const edge = dialog.getBoundingClientRect().right;
    const send = within(dialog).getByRole('button', { name: 'Whisper' });
    const counter = within(dialog).getByText('15 characters left');
    await expect(send.getBoundingClientRect().right).toBeLessThanOrEqual(edge);
    await expect(counter.getBoundingClientRect().right).toBeLessThanOrEqual(edge);
    // One line: no taller than the text's own line height.
    await expect(counter.getBoundingClientRect().height).toBeLessThan(
      Number.parseFloat(getComputedStyle(counter).lineHeight) * 1.5,
    );
  },
};

/**
 * "followers" lets the author's followers reply (the server checks that the replier follows the
 * author), so the option says so, in the words Mastodon and X members know.
 */
export const ReplyAudienceLabels: Story = {
  args: { defaultOpen: true },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'New Whisp' });
    const audience = within(dialog).getByRole('combobox', { name: 'Who can reply' });
    const options = within(audience).getAllByRole('option');
    await expect(
      options.map((option) => [option.getAttribute('value'), option.textContent]),
    ).toEqual([
      ['everyone', 'Everyone'],
      ['followers', 'Your followers'],
      ['none', 'Only you'],
    ]);
  },
};

/**
 * A video with no poster and no frame loaded yet (or one the browser cannot preview) shows a
 * placeholder with its name rather than an empty black box; it is still a muted video, never a
 * broken image.
 */
export const VideoAttachment: Story = {
  args: {
    defaultOpen: true,
    onRemoveMedia: fn(),
    media: [
      { id: 'a', previewUrl: photos[0] as string, name: 'beach.jpg', kind: 'image' },
      { id: 'v', previewUrl: 'data:video/mp4;base64,', name: 'surfing.mp4', kind: 'video' },
    ],
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'New Whisp' });
    const video = within(dialog).getByLabelText('surfing.mp4');
    await expect(video.tagName).toBe('VIDEO');
    await expect((video as HTMLVideoElement).muted).toBe(true);
    // Waits out the dialog's opening fade.
    await waitFor(() => expect(within(dialog).getByText('surfing.mp4')).toBeVisible());
    // No player controls over a video with nothing to play yet.
    await expect(video).not.toHaveAttribute('controls');
    await expect(within(dialog).queryByRole('img', { name: 'surfing.mp4' })).toBeNull();
    await expect(within(dialog).getByRole('img', { name: 'beach.jpg' }).tagName).toBe('IMG');
  },
};

/** A video with a poster shows it, with the player's controls, and no placeholder. */
export const VideoWithPoster: Story = {
  args: {
    defaultOpen: true,
    media: [
      {
        id: 'v',
        previewUrl: 'data:video/mp4;base64,',
        poster: photos[3] as string,
        name: 'lake.mp4',
        kind: 'video',
      },
    ],
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'New Whisp' });
    const video = within(dialog).getByLabelText('lake.mp4');
    await expect(video).toHaveAttribute('poster', photos[3]);
    await expect(video).toHaveAttribute('controls');
    await expect(within(dialog).queryByText('lake.mp4')).toBeNull();
  },
};

/** A refused send keeps the dialog open with the draft and says why; the next try can succeed. */
export const RejectedSubmit: Story = {
  args: {
    defaultOpen: true,
    onSubmit: fn(async () => {
      throw new Error('The server is busy; your whisp was not posted');
    }),
  },
  play: async ({ args, userEvent }) => {
    const dialog = await screen.findByRole('dialog', { name: 'New Whisp' });
    const box = within(dialog).getByRole('textbox', { name: 'What’s happening?' });
    await userEvent.type(box, 'Keep me');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Whisper' }));
    await expect(args.onSubmit).toHaveBeenCalledOnce();
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The server is busy; your whisp was not posted',
    );
    await expect(screen.getByRole('dialog', { name: 'New Whisp' })).toBeVisible();
    await expect(box).toHaveValue('Keep me');
    // Editing the draft clears the old failure.
    await userEvent.type(box, '!');
    await expect(within(dialog).queryByRole('alert')).toBeNull();
  },
};

function DescribingState(args: ComposeModalProps) {
  const [media, setMedia] = useState<ComposeMedia[]>(args.media ?? []);
  return (
    <ComposeModal
      {...args}
      media={media}
      onDescribeMedia={(id, alt) => {
        args.onDescribeMedia?.(id, alt);
        setMedia((list) => list.map((item) => (item.id === id ? { ...item, alt } : item)));
      }}
    />
  );
}

/**
 * "Add description" on an image opens a small dialog with a counter against the 1,500 limit; Save
 * makes the description the preview's alt, Cancel keeps what was there.
 */
export const DescribingAnImage: Story = {
  render: DescribingState,
  args: {
    defaultOpen: true,
    onDescribeMedia: fn(),
    media: [
      { id: 'a', previewUrl: photos[0] as string, name: 'beach.jpg' },
      { id: 'v', previewUrl: 'data:video/mp4;base64,', name: 'surfing.mp4', kind: 'video' },
    ],
  },
  play: async ({ args, userEvent }) => {
    const compose = await screen.findByRole('dialog', { name: 'New Whisp' });
    // Videos take no description here: only the image has the button.
    await expect(within(compose).getAllByRole('button', { name: /description/ })).toHaveLength(1);
    await userEvent.click(
      within(compose).getByRole('button', { name: 'Add description to beach.jpg' }),
    );
    const describe = await screen.findByRole('dialog', { name: 'Describe this image' });
    const field = within(describe).getByRole('textbox', { name: 'Description' });
    await userEvent.type(field, 'Waves on a ');
    await userEvent.click(within(describe).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Describe this image' })).toBeNull(),
    );
    await expect(args.onDescribeMedia).not.toHaveBeenCalled();

    await userEvent.click(
      within(compose).getByRole('button', { name: 'Add description to beach.jpg' }),
    );
    const again = await screen.findByRole('dialog', { name: 'Describe this image' });
    const text = within(again).getByRole('textbox', { name: 'Description' });
    await expect(text).toHaveValue('');
    await userEvent.type(text, 'Waves on a pebble beach at dawn');
    await expect(within(again).getByText('31 / 1500')).toBeInTheDocument();
    await userEvent.click(within(again).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(args.onDescribeMedia).toHaveBeenCalledWith('a', 'Waves on a pebble beach at dawn'),
    );
    await expect(
      within(compose).getByRole('img', { name: 'Waves on a pebble beach at dawn' }),
    ).toBeInTheDocument();
    await expect(
      within(compose).getByRole('button', { name: 'Edit description of beach.jpg' }),
    ).toBeInTheDocument();
  },
};

/** A description over 1,500 characters (as a person counts them) cannot be saved. */
export const DescriptionTooLong: Story = {
  render: DescribingState,
  args: {
    defaultOpen: true,
    onDescribeMedia: fn(),
    media: [
      { id: 'a', previewUrl: photos[0] as string, name: 'beach.jpg', alt: '🌊'.repeat(1500) },
    ],
  },
  play: async ({ userEvent }) => {
    const compose = await screen.findByRole('dialog', { name: 'New Whisp' });
    await userEvent.click(
      within(compose).getByRole('button', { name: 'Edit description of beach.jpg' }),
    );
    const describe = await screen.findByRole('dialog', { name: 'Describe this image' });
    await expect(within(describe).getByRole('button', { name: 'Save' })).toBeEnabled();
    await userEvent.type(within(describe).getByRole('textbox', { name: 'Description' }), '🌊');
    await expect(within(describe).getByRole('button', { name: 'Save' })).toBeDisabled();
  },
};

/** A described image in the composer, in the dark theme. */
export const DescribedImageDark: Story = {
  render: DescribingState,
  globals: { theme: 'dark' },
  args: {
    defaultOpen: true,
    onDescribeMedia: fn(),
    media: [
      {
        id: 'a',
        previewUrl: photos[0] as string,
        name: 'beach.jpg',
        alt: 'Waves on a pebble beach',
      },
      { id: 'b', previewUrl: photos[1] as string, name: 'sunset.jpg' },
    ],
  },
  play: async () => {
    const compose = await screen.findByRole('dialog', { name: 'New Whisp' });
    await expect(
      within(compose).getByRole('img', { name: 'Waves on a pebble beach' }),
    ).toBeInTheDocument();
    await expect(
      within(compose).getByRole('button', { name: 'Add description to sunset.jpg' }),
    ).toBeInTheDocument();
  },
};

/**
 * At a phone's width, three attachments: each "Add description" / "Edit description" label is
 * whole (it wraps under its picture if it must), never cut to "Edit descript…".
 */
export const DescriptionLabelsOnPhone: Story = {
  render: DescribingState,
  globals: { viewport: { value: 'phone' } },
  args: {
    defaultOpen: true,
    onDescribeMedia: fn(),
    onRemoveMedia: fn(),
    media: [
      { id: 'a', previewUrl: photos[0] as string, name: 'beach.jpg', alt: 'Waves at dawn' },
      { id: 'b', previewUrl: photos[1] as string, name: 'sunset.jpg' },
      { id: 'c', previewUrl: photos[2] as string, name: 'hills.jpg', progress: 40 },
    ],
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'New Whisp' });
    const labels = within(dialog).getAllByRole('button', { name: /description (of|to)/ });
    await expect(labels.map((label) => label.textContent)).toEqual([
      'Edit description',
      'Add description',
      'Add description',
    ]);
    for (const label of labels) {
      // Nothing clipped: the text fits the button's own box.
      await expect(label.scrollWidth).toBeLessThanOrEqual(label.clientWidth);
      await expect(getComputedStyle(label).textOverflow).not.toBe('ellipsis');
    }
  },
};
