// The whisps bench:cards draws: the mock network's public feed as the demo viewer sees it (text
// with mentions, hashtags and links, images, rewhisps), taken round and round to make `count`
// cards, each copy with its own id as a longer feed would have.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export async function cardFixtures(repoRoot, count) {
  const mocks = await import(
    pathToFileURL(join(repoRoot, 'packages/api-client/dist/mocks/index.js')).href
  );
  const now = new Date(mocks.FIXTURE_EPOCH);
  const store = mocks.createMockStore({ now: () => now });
  const viewer = store.data.users.find((user) => user.username === mocks.MOCK_VIEWER.username);
  const { posts } = store.timeline(viewer, { page: 1, limit: 100 });
  const list = Array.from({ length: count }, (_, index) => {
    const post = posts[index % posts.length];
    return { ...post, id: `${post.id}-${index}` };
  });
  return { now: now.toISOString(), viewerId: viewer.id, list };
}
