import type { Meta, StoryObj } from '@storybook/react-vite';
import { NOTIFICATION_MESSAGES } from '@whisp/api-client/contract/choices';
import { PAGE_SIZE } from '@whisp/api-client/limits';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { ada, linus, me, notification, photos, post, storyNow } from '../../stories/fixtures.js';
import { NotificationItem } from '../NotificationItem/NotificationItem.js';
import { Feed, type FeedProps, type FeedTab } from './Feed.js';

const posts = [
  post({
    author: ada,
    content: 'Loops are the poetry of machines. #engines',
    media_urls: photos.slice(0, 2),
  }),
  post({ content: 'Found the first actual bug today. It was a moth. 🦋' }),
  post({
    author: linus,
    content: 'Talk is cheap. Show me the code. @ada',
    like_count: 87,
    created_at: '2026-06-15T11:58:00Z',
  }),
];

function FeedDemo(args: FeedProps) {
  const [tab, setTab] = useState<FeedTab>(args.tab);
  return (
    <Feed
      {...args}
      tab={tab}
      onTabChange={(next) => {
        args.onTabChange(next);
        setTab(next);
      }}
    />
  );
}

const meta = {
  title: 'Layout/Feed',
  component: Feed,
  render: FeedDemo,
  args: {
    tab: 'for-you',
    onTabChange: fn(),
    posts,
    status: 'success',
    onRetry: fn(),
    onLoadMore: fn(),
    hasMore: true,
    cardProps: { now: storyNow, currentUserId: me.id },
    notifications: (
      <NotificationItem
        notification={notification({ notification_type: 'follow', post: null })}
        now={storyNow}
      />
    ),
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Feed>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Tabs switch the list; Load More asks for the next page. */
export const Playground: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('tab', { name: 'For you' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(canvas.getAllByRole('article')).toHaveLength(3);
    await userEvent.click(canvas.getByRole('button', { name: 'Load More' }));
    await expect(args.onLoadMore).toHaveBeenCalledOnce();
    await userEvent.click(canvas.getByRole('tab', { name: 'Following' }));
    await expect(args.onTabChange).toHaveBeenCalledWith('following');
    await userEvent.click(canvas.getByRole('tab', { name: 'Notifications' }));
    await expect(canvas.getByText(NOTIFICATION_MESSAGES.follow, { exact: false })).toBeVisible();
  },
};

export const Loading: Story = {
  args: { status: 'loading' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading whisps');
  },
};

export const Empty: Story = {
  args: { posts: [], hasMore: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'No whisps yet' })).toBeVisible();
  },
};

/** The spec's inline error with Try Again. */
export const Failed: Story = {
  args: { status: 'error' },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Failed to load Whisps. Please try again.',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Try Again' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const LoadingMore: Story = { args: { loadingMore: true } };

export const LoadMoreFailed: Story = {
  args: { loadMoreFailed: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Failed to load more posts.');
  },
};

/** Wide screens: Notifications is its own page, so the feed has two tabs. */
export const WideTabs: Story = {
  args: { tabs: ['for-you', 'following'] },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('tab')).toHaveLength(2);
  },
};

const aFullPage = Array.from({ length: PAGE_SIZE }, (_, index) =>
  post({ content: `Whisp ${index + 1} of a full page.` }),
);

/**
 * A full page: the first cards render at once and the rest follow one per commit whenever the
 * browser is idle (no long task while the page loads), until every whisp of the page is in the list.
 */
export const FullPage: Story = {
  args: { posts: aFullPage },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText(`Whisp ${PAGE_SIZE} of a full page.`, {}, { timeout: 10_000 }),
    ).toBeVisible();
    await expect(canvas.getAllByRole('article')).toHaveLength(PAGE_SIZE);
  },
};

const aThousandWhisps = Array.from({ length: 1000 }, (_, index) =>
  post({ content: `Whisp number ${index + 1} of a very long evening. #scrolling` }),
);

/**
 * A feed scrolled through a thousand whisps: past three pages only the whisps near the viewport are
 * in the DOM, so the page stays light however far a member scrolls.
 */
export const AThousandWhisps: Story = {
  args: { posts: aThousandWhisps, hasMore: false },
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByText(/Whisp number 1 of/)).toBeVisible();
    await expect(canvasElement.querySelectorAll('article').length).toBeLessThan(60);

    window.scrollTo(0, document.documentElement.scrollHeight);
    await expect(await canvas.findByText(/Whisp number 1000 of/)).toBeInTheDocument();
    await expect(canvasElement.querySelectorAll('article').length).toBeLessThan(60);
    await expect(document.querySelectorAll('*').length).toBeLessThan(1500);
    // Back at the top for the accessibility check and the screenshot.
    window.scrollTo(0, 0);
    await expect(await canvas.findByText(/Whisp number 1 of/)).toBeInTheDocument();
  },
};
