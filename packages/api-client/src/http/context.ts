import type { Fetcher } from './createFetcher.js';
import type { MediaMapper } from './mapMedia.js';
import type { TokenStore } from './tokenStore.js';

/** What every resource's calls are built from (one per client). */
export interface ApiContext {
  baseUrl: string;
  request: Fetcher;
  media: MediaMapper;
  tokenStore: TokenStore;
}

/** The usual success body: the payload under `data`. */
export interface DataBody<T> {
  success: true;
  data: T;
  message?: string;
}

/** Success bodies that carry only a human message (logout, delete, report). */
export interface MessageBody {
  success: true;
  message: string;
}

/** Limit/offset paging of profile tabs, followers, replies and bookmarks. */
export interface OffsetPage {
  limit?: number;
  offset?: number;
}

/** Page-number paging of the feeds and the messages lists (pages start at 1). */
export interface NumberedPage {
  page?: number;
  limit?: number;
}
