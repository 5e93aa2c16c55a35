import type { ApiContext, DataBody } from '../http/context.js';
import type { Post, SearchUser } from '../models.js';

export interface SearchResults {
  posts: Post[];
  users: SearchUser[];
}

export interface HashtagResults {
  hashtag: string;
  post_count: number;
  posts: Post[];
}

export function createSearchApi({ request, media }: ApiContext) {
  return {
    /** GET /api/search?q=: posts and members. */
    all: async (q: string, signal?: AbortSignal): Promise<SearchResults> => {
      const { data } = await request<DataBody<SearchResults>>('/api/search', {
        query: { q },
        signal,
      });
      return { posts: data.posts.map(media.post), users: data.users.map(media.searchUser) };
    },

    /** GET /api/search/hashtag/{tag}: a leading `#` is dropped (the path takes the bare tag). */
    hashtag: async (tag: string, signal?: AbortSignal): Promise<HashtagResults> => {
      const bare = tag.replace(/^#/, '');
      const { data } = await request<DataBody<HashtagResults>>(
        `/api/search/hashtag/${encodeURIComponent(bare)}`,
        { signal },
      );
      return { ...data, posts: data.posts.map(media.post) };
    },
  };
}

export type SearchApi = ReturnType<typeof createSearchApi>;
