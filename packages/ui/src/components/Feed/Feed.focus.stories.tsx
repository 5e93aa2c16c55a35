import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Post } from '@whisp/api-client';
import { useState } from 'react';
import { expect, screen, waitFor, within } from 'storybook/test';
import { ada, grace, linus, me, post, storyNow } from '../../stories/fixtures.js';
import { BlockConfirmDialog } from '../BlockConfirmDialog/BlockConfirmDialog.js';
import { Feed } from './Feed.js';

const initialPosts = [
  post({ author: ada, content: 'Loops are the poetry of machines.' }),
  post({ author: grace, content: 'Found the first actual bug today. It was a moth.' }),
  post({ author: linus, content: 'Talk is cheap. Show me the code.' }),
];

/**
 * A feed whose menus really remove whisps, as the app's mute and block do: muting at once,
 * blocking after BlockConfirmDialog (opened through `open`, from the card's menu).
 */
function RemovingFeed() {
  const [posts, setPosts] = useState<Post[]>(initialPosts);
  const [blocking, setBlocking] = useState<Post['author'] | null>(null);
  const removeAuthor = (id: string) => setPosts((list) => list.filter((p) => p.author.id !== id));
  return (
    <>
      <Feed
        tab="for-you"
        onTabChange={() => undefined}
        tabs={['for-you']}
        posts={posts}
        status="success"
        cardProps={{
          now: storyNow,
          currentUserId: me.id,
          onMuteAuthor: (target) => removeAuthor(target.author.id),
          onBlockAuthor: (target) => setBlocking(target.author),
        }}
      />
      <BlockConfirmDialog
        open={blocking !== null}
        onOpenChange={(open) => {
          if (!open) setBlocking(null);
        }}
        username={blocking?.username ?? ''}
        onConfirm={() => {
          if (blocking) removeAuthor(blocking.id);
          setBlocking(null);
        }}
      />
    </>
  );
}

const meta = {
  title: 'Layout/Feed/Focus',
  component: RemovingFeed,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof RemovingFeed>;

export default meta;
type Story = StoryObj<typeof meta>;

const card = (name: string) => screen.getByRole('article', { name });

async function chooseFromMenu(
  cardName: string,
  item: string,
  userEvent: {
    keyboard: (keys: string) => Promise<void>;
    click: (element: Element) => Promise<void>;
  },
) {
  within(card(cardName)).getByRole('button', { name: 'More options' }).focus();
  await userEvent.keyboard('{Enter}');
  await userEvent.click(await screen.findByRole('menuitem', { name: item }));
}

/**
 * Muting the author of the focused whisp: focus moves to the next whisp, to the previous when it
 * was the last, and to the feed itself when none is left (never to <body>).
 */
export const MutedAuthorHandsFocusOn: Story = {
  play: async ({ userEvent }) => {
    await chooseFromMenu('Ada Lovelace', 'Mute @ada', userEvent);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Ada Lovelace' })).toBeNull());
    await waitFor(() => expect(card('Grace Hopper')).toHaveFocus());

    await chooseFromMenu('Linus', 'Mute @linus', userEvent);
    await waitFor(() => expect(card('Grace Hopper')).toHaveFocus());

    await chooseFromMenu('Grace Hopper', 'Mute @grace_h', userEvent);
    await waitFor(() => expect(screen.getByRole('region', { name: 'Home' })).toHaveFocus());
  },
};

/**
 * Blocking from a whisp's menu: the dialog opened by the menu item closes as the whisp leaves,
 * and focus goes to the next whisp rather than to the More button that left with it.
 */
export const BlockedAuthorHandsFocusOn: Story = {
  play: async ({ userEvent }) => {
    await chooseFromMenu('Grace Hopper', 'Block @grace_h', userEvent);
    const dialog = await screen.findByRole('dialog', { name: 'Block @grace_h?' });
    await waitFor(() => expect(dialog).toBeVisible());
    await userEvent.click(screen.getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(card('Linus')).toHaveFocus());
  },
};

/** Cancelling the block gives focus back to the whisp's More button. */
export const BlockCancelledFocusReturns: Story = {
  play: async ({ userEvent }) => {
    await chooseFromMenu('Linus', 'Block @linus', userEvent);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const more = within(card('Linus')).getByRole('button', { name: 'More options' });
    await waitFor(() => expect(more).toHaveFocus());
  },
};
