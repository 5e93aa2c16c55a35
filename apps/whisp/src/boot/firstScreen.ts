import type { FeedName } from '@whisp/api-client';

/**
 * The feed the screen at `pathname` shows first, if any: asked for by the boot script and by
 * warmStart, so both ask for the same page the screen then reads.
 */
export function firstFeedOf(pathname: string): Exclude<FeedName, 'public'> | null {
  // Home opens on its first tab, "For you" (product-spec section 2).
  return pathname === '/' ? 'for-you' : null;
}
