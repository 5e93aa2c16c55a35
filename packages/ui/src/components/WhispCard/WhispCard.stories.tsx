import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Post } from '@whisp/api-client';
import { useState } from 'react';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import {
  ada,
  grace,
  longHandleMember,
  me,
  mediaItem,
  photos,
  post,
  remoteMember,
  storyNow,
} from '../../stories/fixtures.js';
import { WhispUiProvider } from '../../utilities/WhispUiProvider.js';
import { WhispCard, type WhispCardProps } from './WhispCard.js';

/** A card whose toggles flip locally, as the app's mutations would after the server agrees. */
function InteractiveCard(args: WhispCardProps) {
  const [current, setCurrent] = useState<Post>(args.post);
  const update = (patch: (post: Post) => Partial<Post>) =>
    setCurrent((value) =>
      value.rewhisp_of
        ? { ...value, rewhisp_of: { ...value.rewhisp_of, ...patch(value.rewhisp_of) } }
        : { ...value, ...patch(value) },
    );
  return (
    <div style={{ maxWidth: 600 }}>
      <WhispCard
        {...args}
        post={current}
        onLike={(target) => {
          args.onLike?.(target);
          update((p) => ({
            is_liked: !p.is_liked,
            like_count: p.like_count + (p.is_liked ? -1 : 1),
          }));
        }}
        onRewhisp={(target) => {
          args.onRewhisp?.(target);
          update((p) => ({
            is_rewhisped: !p.is_rewhisped,
            rewhisp_count: p.rewhisp_count + (p.is_rewhisped ? -1 : 1),
          }));
        }}
        onBookmark={(target) => {
          args.onBookmark?.(target);
          update((p) => ({ is_bookmarked: !p.is_bookmarked }));
        }}
      />
    </div>
  );
}

const meta = {
  title: 'Headline/WhispCard',
  component: WhispCard,
  render: InteractiveCard,
  args: {
    post: post(),
    now: storyNow,
    currentUserId: me.id,
    onLike: fn(),
    onReply: fn(),
    onRewhisp: fn(),
    onBookmark: fn(),
    onShare: fn(),
    onDelete: fn(),
    onReport: fn(),
  },
  argTypes: { post: { control: 'object' } },
} satisfies Meta<typeof WhispCard>;

/**
 * For a story that leaves a modal menu open so its look can be checked: Radix hides the page
 * behind the menu with aria-hidden while focus is trapped in the menu, and axe reports each
 * focusable element left in there (the trigger). Only that rule is off; contrast and the rest run.
 */
const openModalMenuA11y = {
  a11y: { config: { rules: [{ id: 'aria-hidden-focus', enabled: false }] } },
};

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('article', { name: 'Grace Hopper' })).toBeVisible();
    await expect(canvas.getByText('42m')).toHaveAttribute('datetime', args.post.created_at);
    const like = canvas.getByRole('button', { name: /^Like/ });
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await expect(like).toHaveTextContent('1.2K');
    await userEvent.click(like);
    await expect(args.onLike).toHaveBeenCalledWith(expect.objectContaining({ id: args.post.id }));
    const unlike = canvas.getByRole('button', { name: /^Unlike/ });
    await expect(unlike).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(canvas.getByRole('button', { name: /^Reply/ }));
    await expect(args.onReply).toHaveBeenCalledOnce();
    await userEvent.click(canvas.getByRole('button', { name: /^Bookmark/ }));
    await expect(canvas.getByRole('button', { name: 'Remove bookmark' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  },
};

export const Liked: Story = {
  args: { post: post({ is_liked: true, like_count: 3_400_000, is_bookmarked: true }) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /^Unlike/ })).toHaveTextContent('3.4M');
  },
};

/** While the server decides, the button pulses and ignores further clicks. */
export const Pending: Story = {
  args: { post: post({ is_liked: false, like_count: 9 }), pending: { like: true } },
  play: async ({ args, canvas, userEvent }) => {
    const like = canvas.getByRole('button', { name: /^Like/ });
    await expect(like).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(like);
    await expect(args.onLike).not.toHaveBeenCalled();
  },
};

export const Verified: Story = {
  args: { post: post({ author: ada, created_at: '2026-06-01T09:00:00Z' }) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Verified account' })).toBeVisible();
    // A week or more ago shows a date.
    await expect(canvas.getByText('Jun 1')).toBeVisible();
  },
};

/** Mentions go to the profile, hashtags to the search, links open in a new tab. */
export const MentionsHashtagsLinks: Story = {
  args: {
    post: post({
      content:
        'Pairing with @ada on the #design tokens. Notes: https://example.com/notes/whisp-design-tokens-and-themes?ref=feed — thoughts?',
    }),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: '@ada' })).toHaveAttribute('href', '/user/ada');
    await expect(canvas.getByRole('link', { name: '#design' })).toHaveAttribute(
      'href',
      '/search?q=%23design',
    );
    const external = canvas.getByRole('link', { name: /example\.com\/notes/ });
    await expect(external).toHaveAttribute('target', '_blank');
    await expect(external).toHaveAttribute('rel', expect.stringContaining('noopener'));
  },
};

export const LongText: Story = {
  args: {
    post: post({
      author: { ...grace, display_name: 'Rear Admiral Grace Brewster Murray Hopper of the Navy' },
      content: `${'A whisp can be up to five hundred characters long, which is enough for a real thought. '.repeat(5)}Averylongwordwithoutanyspacesthatmustwrapratherthanoverflowthecolumnxxxxxxxxxxxxxxxxxxxxxxxxx`,
    }),
  },
};

export const OneImage: Story = {
  args: { post: post({ media_urls: photos.slice(0, 1), content: 'Morning light.' }) },
};

/** More than four images: four tiles, the last says how many more; a tile opens the viewer there. */
export const ManyMedia: Story = {
  args: { post: post({ media_urls: photos, content: 'Five photos from the trip 📸' }) },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByText('+1')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Open image 2 of 5' }));
    const viewer = await screen.findByRole('dialog', { name: 'Images from Grace Hopper' });
    await expect(within(viewer).getByRole('img', { name: 'Image 2 of 5' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

export const ThreeImages: Story = {
  args: { post: post({ media_urls: photos.slice(0, 3), content: '' }) },
};

/** A YouTube link becomes a privacy-enhanced player that loads only when asked. */
export const VideoEmbed: Story = {
  args: {
    post: post({ content: 'This talk is worth it: https://www.youtube.com/watch?v=dQw4w9WgXcQ' }),
    embedVideos: true,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Play YouTube video/ })).toBeVisible();
    // No request to YouTube before the click: no iframe yet.
    await expect(canvas.queryByTitle('YouTube video player')).toBeNull();
  },
};

/** A rewhisp names who rewhisped it, then shows the original with its own counts. */
export const Rewhisp: Story = {
  args: {
    post: post({
      author: me,
      content: '',
      like_count: 0,
      rewhisp_of: post({
        author: ada,
        content: 'Loops are the poetry of machines. #engines',
        is_rewhisped: true,
        rewhisp_count: 8,
      }),
    }),
  },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText('You')).toBeVisible();
    await expect(canvas.getByRole('article', { name: 'Ada Lovelace' })).toBeVisible();
    const undo = canvas.getByRole('button', { name: /^Undo rewhisp/ });
    await expect(undo).toHaveTextContent('8');
    await userEvent.click(undo);
    await expect(args.onRewhisp).toHaveBeenCalledWith(
      expect.objectContaining({ id: args.post.rewhisp_of?.id }),
    );
  },
};

/** Your own whisp: the menu offers Delete. */
export const OwnWhisp: Story = {
  args: { post: post({ author: me }) },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'More options' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await expect(args.onDelete).toHaveBeenCalledOnce();
  },
};

/** Someone else's whisp: Share and Report content, no Delete. */
export const OthersWhispMenu: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'More options' }));
    await screen.findByRole('menu');
    await expect(screen.queryByRole('menuitem', { name: 'Delete' })).toBeNull();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Report content' }));
    await expect(args.onReport).toHaveBeenCalledOnce();
  },
};

/** Another member's whisp: mute, block or report its author from the same menu. */
export const SafetyActions: Story = {
  args: { onMuteAuthor: fn(), onBlockAuthor: fn(), onReportAuthor: fn() },
  play: async ({ args, canvas, userEvent }) => {
    const open = async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'More options' }));
      await screen.findByRole('menu');
    };
    await open();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Mute @grace_h' }));
    await expect(args.onMuteAuthor).toHaveBeenCalledWith(args.post);
    await open();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Block @grace_h' }));
    await expect(args.onBlockAuthor).toHaveBeenCalledWith(args.post);
    await open();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Report @grace_h' }));
    await expect(args.onReportAuthor).toHaveBeenCalledWith(args.post);
  },
};

/**
 * The menu and the tooltips mount on first use, not with the card (a feed of twenty pays for
 * none until someone reaches for one). Until then the More button is still announced as a menu
 * button; reached with Tab, Enter, Space and ArrowDown each open the menu on its first item, as
 * Radix's menu does, and Escape gives focus back. Hovering an action shows its tooltip.
 */
export const MenuAndTooltipsOnFirstUse: Story = {
  play: async ({ canvas, userEvent }) => {
    const more = canvas.getByRole('button', { name: 'More options' });
    await expect(more).toHaveAttribute('aria-haspopup', 'menu');
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    // Radix names its trigger when its root mounts: not yet.
    await expect(more).not.toHaveAttribute('id');

    canvas.getByRole('link', { name: /Grace Hopper/ }).focus();
    await userEvent.tab();
    await expect(more).toHaveFocus();
    for (const key of ['{Enter}', ' ', '{ArrowDown}']) {
      await userEvent.keyboard(key);
      const menu = await screen.findByRole('menu');
      await expect(more).toHaveAttribute('aria-expanded', 'true');
      await expect(more).toHaveAttribute('aria-controls', menu.id);
      await waitFor(() =>
        expect(within(menu).getByRole('menuitem', { name: 'Share' })).toHaveFocus(),
      );
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
      await expect(more).toHaveFocus();
    }
    // Focus on More shows its own tooltip; leave it first.
    more.blur();
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());

    const like = canvas.getByRole('button', { name: /^Like/ });
    await userEvent.hover(like);
    await expect(await screen.findByRole('tooltip')).toHaveTextContent('Like');
    await userEvent.unhover(like);
  },
};

/** A touch on the More button opens the menu at once; a touch on an action shows no tooltip. */
export const MenuOnFirstTouch: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const like = canvas.getByRole('button', { name: /^Like/ });
    await userEvent.pointer({ keys: '[TouchA]', target: like });
    await expect(args.onLike).toHaveBeenCalledOnce();
    await expect(screen.queryByRole('tooltip')).toBeNull();

    await userEvent.pointer({
      keys: '[TouchA]',
      target: canvas.getByRole('button', { name: 'More options' }),
    });
    const menu = await screen.findByRole('menu');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Share' }));
    await expect(args.onShare).toHaveBeenCalledWith(expect.objectContaining({ id: args.post.id }));
  },
};

/** Your own whisp never offers to mute, block or report yourself. */
export const OwnWhispHasNoSafetyActions: Story = {
  args: {
    post: post({ author: me }),
    onMuteAuthor: fn(),
    onBlockAuthor: fn(),
    onReportAuthor: fn(),
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'More options' }));
    await screen.findByRole('menu');
    await expect(screen.queryByRole('menuitem', { name: /Mute|Block|Report @/ })).toBeNull();
    await userEvent.keyboard('{Escape}');
  },
};

export const RewhispTurnedOff: Story = {
  args: { post: post({ reply_settings: { can_reply: 'everyone', can_repost: false } }) },
  play: async ({ args, canvas, userEvent }) => {
    const rewhisp = canvas.getByRole('button', { name: /^Rewhisp/ });
    await expect(rewhisp).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(rewhisp);
    await expect(args.onRewhisp).not.toHaveBeenCalled();
  },
};

export const Phone: Story = {
  args: { post: post({ author: ada, media_urls: photos.slice(0, 2) }) },
  globals: { viewport: { value: 'phone' } },
};

/**
 * A whisp by a member of another server: the author line shows their whole handle, and their name
 * and picture lead to their profile here, `/user/{acct}`; the menu names them by that handle.
 */
export const RemoteAuthor: Story = {
  args: { post: post({ author: remoteMember }), onBlockAuthor: fn() },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByText('@alice@remote.example')).toBeVisible();
    await expect(canvas.getByRole('link', { name: /Alice Liddell/ })).toHaveAttribute(
      'href',
      '/user/alice%40remote.example',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'More options' }));
    const block = await screen.findByRole('menuitem', { name: 'Block @alice@remote.example' });
    // The menu fades in: visible once its opening animation has run.
    await waitFor(() => expect(block).toBeVisible());
    await userEvent.keyboard('{Escape}');
  },
};

/**
 * A handle longer than the phone is wide: the name keeps its room, the handle ends in an
 * ellipsis, and the time and menu stay on the line.
 */
export const LongRemoteHandleOnPhone: Story = {
  args: { post: post({ author: longHandleMember }) },
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas, canvasElement }) => {
    const handle = canvas.getByText(`@${longHandleMember.acct}`);
    await expect(getComputedStyle(handle).textOverflow).toBe('ellipsis');
    await expect(handle.scrollWidth).toBeGreaterThan(handle.clientWidth);
    await expect(canvas.getByText('Bartholomew')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'More options' })).toBeVisible();
    const card = canvas.getByRole('article');
    await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

/** Dates and counts in the host's locale, clock and time zone, set once on WhispUiProvider. */
export const German: Story = {
  decorators: [
    (Story) => (
      <WhispUiProvider locale="de-DE" timeZone="Europe/Berlin">
        <Story />
      </WhispUiProvider>
    ),
  ],
  args: { post: post({ created_at: '2026-03-04T14:05:00Z', like_count: 1_234_567 }) },
  play: async ({ canvas }) => {
    const time = canvas.getByText('4. März');
    await expect(time).toHaveAttribute('title', '4. März 2026 um 15:05');
    await expect(canvas.getByRole('button', { name: /^Like/ })).toHaveTextContent('1,2 Mio.');
  },
};

/** The same whisp twice on one page (a feed and a pinned copy): ids must not repeat. */
export const SameWhispTwice: Story = {
  render: (args) => (
    <div>
      <WhispCard {...args} />
      <WhispCard {...args} />
    </div>
  ),
  play: async ({ canvas }) => {
    const cards = canvas.getAllByRole('article', { name: 'Grace Hopper' });
    await expect(cards).toHaveLength(2);
    const labelIds = cards.map((card) => card.getAttribute('aria-labelledby'));
    await expect(new Set(labelIds).size).toBe(2);
    const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
    await expect(ids.length).toBe(new Set(ids).size);
  },
};

const describedPhotos = post({
  content: 'Two from the harbour walk',
  media: [
    mediaItem({
      url: photos[0] as string,
      alt: 'Fishing boats moored in a calm harbour under a pale blue sky',
    }),
    mediaItem({ url: photos[1] as string }),
  ],
});

/**
 * A described image is its description to screen readers (its alt) and shows an ALT badge; the
 * badge, a button reachable by keyboard, reveals the description, and the viewer reads it out.
 */
export const DescribedImages: Story = {
  args: { post: describedPhotos },
  play: async ({ canvas, userEvent }) => {
    const described = 'Fishing boats moored in a calm harbour under a pale blue sky';
    await expect(canvas.getByRole('img', { name: described })).toBeInTheDocument();
    // Only the described image has a badge.
    const badges = canvas.getAllByRole('button', { name: /^ALT: show/ });
    await expect(badges).toHaveLength(1);
    const badge = canvas.getByRole('button', { name: 'ALT: show description of image 1' });
    await expect(badge).toHaveAttribute('aria-expanded', 'false');
    badge.focus();
    await userEvent.keyboard('{Enter}');
    await expect(badge).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByText(described, { selector: 'p' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'ALT: hide description of image 1' }));
    await expect(canvas.queryByText(described, { selector: 'p' })).toBeNull();

    await userEvent.click(canvas.getByRole('button', { name: 'Open image 1 of 2' }));
    const viewer = await screen.findByRole('dialog', { name: 'Images from Grace Hopper' });
    await expect(within(viewer).getByRole('img', { name: described })).toBeInTheDocument();
    // The viewer fades in: its caption is visible once it has.
    await waitFor(() => expect(within(viewer).getByText(described)).toBeVisible());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** The ALT badge's description revealed, in the dark theme. */
export const DescribedImageRevealedDark: Story = {
  args: {
    post: post({
      content: 'Morning light.',
      media: [
        mediaItem({
          url: photos[2] as string,
          alt: 'Low sun through pine trees, long shadows across a frosty path',
        }),
      ],
    }),
  },
  globals: { theme: 'dark' },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'ALT: show image description' }));
    await expect(
      canvas.getByText('Low sun through pine trees, long shadows across a frosty path', {
        selector: 'p',
      }),
    ).toBeVisible();
  },
};

/** The More menu open on another member's whisp, for designers (a popover on wide screens). */
export const MoreMenuOpen: Story = {
  args: { onMuteAuthor: fn(), onBlockAuthor: fn(), onReportAuthor: fn() },
  tags: ['desktop'],
  parameters: openModalMenuA11y,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'More options' }));
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(menu).toBeVisible());
    await expect(within(menu).getByRole('menuitem', { name: 'Block @grace_h' })).toBeVisible();
  },
};

/** The same menu at a phone's width: a bottom sheet. */
export const MoreMenuOpenPhone: Story = {
  ...MoreMenuOpen,
  tags: [],
  globals: { viewport: { value: 'phone' } },
};

/**
 * `readOnly`: a whisp shown inside a report, a quote or a preview. No action bar and no More
 * menu (no buttons that would do nothing); the author's link and the media stay.
 */
export const ReadOnly: Story = {
  args: { readOnly: true, post: post({ media_urls: photos.slice(0, 1) }) },
  play: async ({ canvas }) => {
    const card = canvas.getByRole('article');
    await expect(card).toHaveAttribute('data-read-only', 'true');
    await expect(canvas.queryByRole('group', { name: 'Actions' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'More options' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: /Reply|Like|Rewhisp|Bookmark/ })).toBeNull();
    await expect(canvas.getByRole('link', { name: /Grace/ })).toBeVisible();
  },
};
