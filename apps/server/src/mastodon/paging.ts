import type { MastodonPaging } from '@whisp/api-client/contract/mastodon';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isMastodonId } from './ids.js';

// Paging a newest-first list the Mastodon way (api/guidelines.md#pagination) over Whisp's own
// lists, which page older by a cursor. `max_id` becomes the cursor of the row it names (one
// lookup a page); `since_id` and `min_id` read newest-first pages until the row they name is
// passed, which is a page or two for an app catching up on what is new.

/** How many pages a `since_id` or `min_id` read walks at most before it gives what it found. */
const NEWER_PAGES_MAX = 10;

export interface NewestFirstList<Item, Cursor> {
  /** A page of the list, newest first, after `after` (from the start without one). */
  page(
    after: Cursor | undefined,
    limit: number,
  ): Promise<{ items: Item[]; next: Cursor | undefined }>;
  /** The cursor just past the row a Mastodon id names (for max_id); undefined if none. */
  cursorOf(mastodonId: string): Promise<Cursor | undefined>;
  /** An item's Mastodon id, which grows with the list's order. */
  idOf(item: Item): string;
}

const newer = (id: string, than: string) => BigInt(id) > BigInt(than);

/**
 * The page the paging parameters ask for, newest first. An id that cannot be one (not digits, or
 * of no row) reads as the list's end for max_id, and as nothing newer for since_id and min_id.
 */
export async function readMastodonPage<Item, Cursor>(
  list: NewestFirstList<Item, Cursor>,
  paging: MastodonPaging,
): Promise<Item[]> {
  const { limit } = paging;
  const newerThan = paging.min_id ?? paging.since_id;
  if (newerThan !== undefined) {
    if (!isMastodonId(newerThan)) return [];
    const found: Item[] = [];
    let after: Cursor | undefined;
    if (paging.max_id !== undefined) {
      if (!isMastodonId(paging.max_id)) return [];
      after = await list.cursorOf(paging.max_id);
      if (after === undefined) return [];
    }
    for (let read = 0; read < NEWER_PAGES_MAX; read += 1) {
      const { items, next } = await list.page(after, limit);
      const fresh = items.filter((item) => newer(list.idOf(item), newerThan));
      found.push(...fresh);
      if (fresh.length < items.length || next === undefined) break;
      // since_id wants the newest: one page is enough.
      if (paging.min_id === undefined && found.length >= limit) break;
      after = next;
    }
    // min_id: the oldest `limit` of them, still newest first.
    return paging.min_id === undefined ? found.slice(0, limit) : found.slice(-limit);
  }
  if (paging.max_id !== undefined) {
    if (!isMastodonId(paging.max_id)) return [];
    const after = await list.cursorOf(paging.max_id);
    if (after === undefined) return [];
    return (await list.page(after, limit)).items;
  }
  return (await list.page(undefined, limit)).items;
}

/**
 * The Link header of a page (absolute addresses, the request's other parameters kept): `next`
 * for older, only after a full page (a shorter one was the end, so apps stop without asking
 * again), and `prev` for newer. None on an empty page, as Mastodon.
 */
export function setPagingLinks(
  request: FastifyRequest,
  reply: FastifyReply,
  publicUrl: string,
  ids: PageEnds | undefined,
) {
  if (!ids) return;
  const at = new URL(request.url, publicUrl);
  const kept = [...at.searchParams].filter(
    ([name]) => !['max_id', 'since_id', 'min_id'].includes(name),
  );
  const link = (name: string, id: string) => {
    const url = new URL(at.pathname, publicUrl);
    for (const [key, value] of kept) url.searchParams.append(key, value);
    url.searchParams.set(name, id);
    return url.href;
  };
  const prev = `<${link('min_id', ids.newest)}>; rel="prev"`;
  reply.header('link', ids.full ? `<${link('max_id', ids.oldest)}>; rel="next", ${prev}` : prev);
}

export interface PageEnds {
  newest: string;
  oldest: string;
  /** The page holds as many as were asked for: more may follow. */
  full: boolean;
}

/** The newest and oldest ids of a page (newest first) of `limit` asked, for its Link header. */
export function pageEnds<Item>(
  items: Item[],
  idOf: (item: Item) => string,
  limit: number,
): PageEnds | undefined {
  const first = items[0];
  const last = items.at(-1);
  return first && last
    ? { newest: idOf(first), oldest: idOf(last), full: items.length >= limit }
    : undefined;
}
