import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, fn, waitFor, within } from 'storybook/test';
import {
  landscapeImage,
  me,
  mediaItem,
  photos,
  poll,
  post,
  storyNow,
} from '../../stories/fixtures.js';
import { WhispCard } from './WhispCard.js';

// Polls, content warnings, "Edited", animated images and picture placeholders on a card
// (Composer 1.2). The card's other stories are in WhispCard.stories.tsx.

const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
/** A moving picture that works offline (SVG animates inside <img> as an animated WebP does). */
const movingPicture = svgDataUrl(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 270"><rect width="480" height="270" fill="#2f3d7a"/><circle cx="60" cy="135" r="40" fill="#ffd976"><animate attributeName="cx" values="60;420;60" dur="2s" repeatCount="indefinite"/></circle></svg>',
);
/** Its first frame, as the server's `preview_url` for an animated image. */
const stillPicture = svgDataUrl(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 270"><rect width="480" height="270" fill="#2f3d7a"/><circle cx="60" cy="135" r="40" fill="#ffd976"/></svg>',
);
const animatedMedia = mediaItem({
  url: movingPicture,
  kind: 'animated',
  alt: 'A yellow ball bouncing from side to side',
  width: 480,
  height: 270,
  preview_url: stillPicture,
  blurhash: 'LEHV6nWB2yk8pyo0adR*.7kCMdnj',
});

const meta = {
  title: 'Headline/WhispCard/Polls, warnings and media',
  component: WhispCard,
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 600 }}>
        <Story />
      </div>
    ),
  ],
  args: {
    post: post({ content: 'Settle this once and for all:', poll: poll() }),
    now: storyNow,
    currentUserId: me.id,
    onVote: fn(),
    onOpenHistory: fn(),
    onReply: fn(),
  },
} satisfies Meta<typeof WhispCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A poll sits under the text; a vote carries the whisp and the chosen indexes. */
export const WithPoll: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Vote for Spaces' }));
    await expect(args.onVote).toHaveBeenCalledWith(
      expect.objectContaining({ id: args.post.id }),
      [1],
    );
  },
};

/** The vote on its way (`pending.vote`): the choices ignore presses. */
export const PollVotePending: Story = {
  args: { pending: { vote: true } },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Vote for Tabs' }));
    await expect(args.onVote).not.toHaveBeenCalled();
  },
};

/** The author's own poll: the counts, no choices. */
export const OwnPoll: Story = {
  args: {
    post: post({
      author: me,
      content: 'Which should ship first?',
      poll: poll({
        options: [
          { title: 'Polls', votes_count: 40 },
          { title: 'Threads', votes_count: 60 },
        ],
        votes_count: 100,
        voters_count: 100,
      }),
    }),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('list', { name: 'Poll results' })).toHaveTextContent(
      '60%Threads',
    );
    await expect(canvas.queryByRole('button', { name: /^Vote for/ })).toBeNull();
  },
};

const warned = post({
  content: 'The butler did it, and the ending is wonderful.',
  content_warning: 'Spoilers: the finale of Murder at the Manor',
  media: [mediaItem({ url: photos[0] as string, alt: 'The manor at dusk' })],
});

/**
 * A content warning folds the text and media: not rendered until "Show" (so not read out, not
 * tabbable, not loaded); "Hide" folds them again.
 */
export const ContentWarning: Story = {
  args: { post: warned },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByText('Spoilers: the finale of Murder at the Manor')).toBeVisible();
    await expect(canvas.queryByText(/The butler did it/)).toBeNull();
    await expect(canvas.queryByRole('img', { name: 'The manor at dusk' })).toBeNull();
    const show = canvas.getByRole('button', { name: 'Show' });
    await expect(show).toHaveAttribute('aria-expanded', 'false');
    await expect(show).toHaveAccessibleDescription(
      'Content warning: Spoilers: the finale of Murder at the Manor',
    );
    // Folded, the next stop after Show is the action bar.
    show.focus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: /^Reply/ })).toHaveFocus();

    await userEvent.click(show);
    const hide = canvas.getByRole('button', { name: 'Hide' });
    await expect(hide).toHaveAttribute('aria-expanded', 'true');
    const region = document.getElementById(hide.getAttribute('aria-controls') ?? '');
    await expect(region).toHaveTextContent('The butler did it');
    await expect(
      within(region as HTMLElement).getByRole('img', { name: 'The manor at dusk' }),
    ).toBeInTheDocument();
    await userEvent.click(hide);
    await expect(canvas.queryByText(/The butler did it/)).toBeNull();
  },
};

/** A poll under a warning folds with the text. */
export const ContentWarningWithPoll: Story = {
  args: {
    post: post({ content: 'Who wins tonight?', content_warning: 'Match spoilers', poll: poll() }),
  },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.queryByRole('group', { name: 'Poll: choose one' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Show' }));
    await expect(canvas.getByRole('group', { name: 'Poll: choose one' })).toBeVisible();
  },
};

export const ContentWarningDark: Story = {
  args: { post: warned },
  globals: { theme: 'dark' },
};

/** An edited whisp says "Edited" with its time; pressing it asks for the earlier versions. */
export const Edited: Story = {
  args: {
    post: post({ content: 'Fixed the typo. Twice.', edited_at: '2026-06-15T11:40:00Z' }),
  },
  play: async ({ args, canvas, userEvent }) => {
    const edited = canvas.getByRole('button', { name: /^Edited .*: show earlier versions$/ });
    await expect(edited).toHaveTextContent('Edited');
    await expect(edited).toHaveAttribute('title', expect.stringMatching(/^Edited June 15, 2026/));
    await userEvent.click(edited);
    await expect(args.onOpenHistory).toHaveBeenCalledWith(
      expect.objectContaining({ id: args.post.id }),
    );
  },
};

/** Read-only (or without `onOpenHistory`), "Edited" is a label with its time, not a button. */
export const EditedReadOnly: Story = {
  args: { ...Edited.args, readOnly: true },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: /^Edited/ })).toBeNull();
    await expect(canvas.getByText('Edited')).toHaveAttribute(
      'title',
      expect.stringMatching(/^Edited /),
    );
  },
};

const gifPost = post({ content: 'Me when the build passes', media: [animatedMedia] });
const shownSource = (canvasElement: HTMLElement) =>
  canvasElement
    .querySelector<HTMLImageElement>('img[alt="A yellow ball bouncing from side to side"]')
    ?.getAttribute('src');

/** An animated image plays muted and looping with a "GIF" badge; Pause holds it still. */
export const AnimatedImage: Story = {
  args: { post: gifPost },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await expect(canvas.getByText('GIF')).toBeVisible();
    await expect(shownSource(canvasElement)).toBe(movingPicture);
    await userEvent.click(canvas.getByRole('button', { name: 'Pause GIF' }));
    await expect(shownSource(canvasElement)).toBe(stillPicture);
    await userEvent.click(canvas.getByRole('button', { name: 'Play GIF' }));
    await expect(shownSource(canvasElement)).toBe(movingPicture);
  },
};

/** With autoplay off (the member's preference) it shows its first frame until Play. */
export const AnimatedImageAutoplayOff: Story = {
  args: { post: gifPost, autoplay: false },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await expect(shownSource(canvasElement)).toBe(stillPicture);
    await userEvent.click(canvas.getByRole('button', { name: 'Play GIF' }));
    await expect(shownSource(canvasElement)).toBe(movingPicture);
  },
};

/** Under the system's reduced motion it is held still too, whatever the preference says. */
export const AnimatedImageReducedMotion: Story = {
  args: { post: gifPost, autoplay: true },
  beforeEach: () => {
    const original = window.matchMedia;
    window.matchMedia = (query: string) => {
      if (!query.includes('prefers-reduced-motion')) return original.call(window, query);
      const reduced: Pick<MediaQueryList, 'matches' | 'media'> & Partial<MediaQueryList> = {
        matches: true,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      };
      return reduced as MediaQueryList;
    };
    return () => {
      window.matchMedia = original;
    };
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(shownSource(canvasElement)).toBe(stillPicture);
    await expect(canvas.getByRole('button', { name: 'Play GIF' })).toBeVisible();
  },
};

/** Held still without a still frame (none was made): the blurhash, Play, and the description. */
export const AnimatedImageWithoutStill: Story = {
  args: {
    post: post({ content: 'Old upload', media: [{ ...animatedMedia, preview_url: null }] }),
    autoplay: false,
  },
  play: async ({ canvas, canvasElement, userEvent }) => {
    // No <img> for it at all until Play: nothing moves and nothing is fetched.
    await expect(shownSource(canvasElement)).toBeUndefined();
    await expect(
      canvas.getByRole('img', { name: 'A yellow ball bouncing from side to side' }),
    ).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Play GIF' }));
    await expect(shownSource(canvasElement)).toBe(movingPicture);
  },
};

/**
 * A picture of known size keeps its space before it arrives and shows its blurhash meanwhile;
 * the card loads the smaller preview, the viewer the full picture.
 */
export const PictureLoading: Story = {
  args: {
    post: post({
      content: 'Harbour at dawn (slow connection)',
      media: [
        mediaItem({
          url: '/story-media/harbour-full.svg',
          preview_url: '/story-media/harbour-preview.svg',
          width: 1200,
          height: 800,
          blurhash: 'LKO2?U%2Tw=w]~RBVZRi};RPxuwH',
          alt: 'Boats in a harbour at dawn',
        }),
      ],
    }),
  },
  parameters: {
    msw: {
      handlers: [
        http.get('/story-media/harbour-preview.svg', async () => {
          await delay('infinite');
          return new HttpResponse(null);
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const picture = canvasElement.querySelector('img[alt="Boats in a harbour at dawn"]');
    await expect(picture).toHaveAttribute('src', '/story-media/harbour-preview.svg');
    const box = (picture as HTMLElement).getBoundingClientRect();
    // 1200 × 800: the space is reserved at 3:2 while nothing has arrived.
    await expect(Math.round((box.width / box.height) * 10) / 10).toBe(1.5);
    const placeholder = canvasElement.querySelector('canvas') as HTMLCanvasElement;
    await waitFor(() => {
      const alpha = placeholder.getContext('2d')?.getImageData(16, 10, 1, 1).data[3];
      return expect(alpha).toBe(255);
    });
  },
};

/** An animated image at a phone's width: the Pause button grows to a 44 px target. */
export const Phone: Story = {
  args: { post: post({ content: 'Weekend', media: [animatedMedia] }) },
  globals: { viewport: { value: 'phone' } },
};

/** Two pictures of known sizes share the grid's 16:9 frame, each cropped to its tile. */
export const PicturesWithSizes: Story = {
  args: {
    post: post({
      content: 'Two shapes',
      media: [
        mediaItem({
          url: landscapeImage('#8fb8ff', '#3d7a55', 800, 1200),
          width: 800,
          height: 1200,
        }),
        mediaItem({ url: photos[1] as string, width: 1200, height: 800 }),
      ],
    }),
  },
};

/** With data saver on (the member's preference) a video loads nothing until it is played. */
export const VideoDataSaver: Story = {
  args: {
    post: post({
      content: 'The ferry leaving at dawn',
      media: [
        mediaItem({ url: '/story-media/ferry.mp4', kind: 'video', preview_url: stillPicture }),
      ],
    }),
    dataSaver: true,
  },
  play: async ({ canvasElement }) => {
    const video = canvasElement.querySelector('video');
    await expect(video).toHaveAttribute('preload', 'none');
    await expect(video).toHaveAttribute('poster', stillPicture);
  },
};
