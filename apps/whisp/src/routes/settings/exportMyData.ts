import type { CurrentUser, Post } from '@whisp/api-client';
import { client } from '../../client';

/** Downloads the member's profile and whisps, gathered page by page from the API. */
export async function exportMyData(me: CurrentUser): Promise<void> {
  const posts: Post[] = [];
  for (let offset = 0; offset < 10_000; ) {
    const page = await client.users.posts(me.id, { tab: 'posts', limit: 100, offset });
    posts.push(...page.posts);
    if (!page.has_more || page.posts.length === 0) break;
    offset += page.posts.length;
  }
  const file = new Blob(
    [JSON.stringify({ exported_at: new Date().toISOString(), profile: me, posts }, null, 2)],
    {
      type: 'application/json',
    },
  );
  const link = document.createElement('a');
  link.href = URL.createObjectURL(file);
  link.download = `whisp-${me.username}.json`;
  link.click();
  URL.revokeObjectURL(link.href);
}
