import type { QueryClient } from '@tanstack/react-query';
import { postQueries, userQueries } from '@whisp/api-client/react';
import { firstFeedOf } from '../boot/firstScreen';
import { client } from '../client';
import { preloadScreen } from './router';

/**
 * A signed-in visit would otherwise wait for four answers one after another: /health, then the
 * token check, then the screen's code, then the feed. None needs another's answer to be asked,
 * so they start together here. What renders, and in which order, does not change: the health
 * gate and the session check still come first; the screen just finds its code and data on the way.
 * A rejected token costs nothing more: the session check then clears every cached answer.
 * In the built app the boot script in index.html has already asked for these answers (see
 * src/boot/boot.ts); the client takes them up instead of asking again.
 */
export function warmStart(queryClient: QueryClient, pathname: string) {
  if (client.tokenStore.get() === null) return;
  void queryClient.prefetchQuery(userQueries.me(client));
  preloadScreen(pathname);
  const feed = firstFeedOf(pathname);
  if (feed) void queryClient.prefetchInfiniteQuery(postQueries.feed(client, feed));
}
