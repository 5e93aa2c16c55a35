import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers.js';
import { registerMember } from '../../members.js';
import { asMember } from './client.js';

describe('whisp routes without a token', () => {
  let testApp: TestApp;
  let postId: string;
  let userId: string;
  beforeAll(async () => {
    testApp = await createTestApp();
    const ann = await registerMember(testApp.app);
    userId = ann.id;
    postId = (await asMember(testApp.app).whisp(ann, 'Hello')).id;
  });
  afterAll(() => testApp.close());

  const writes = () => [
    ['POST', '/api/posts'],
    ['POST', '/api/posts/media'],
    ['POST', `/api/posts/${postId}`],
    ['DELETE', `/api/posts/${postId}`],
    ['POST', `/api/posts/${postId}/reply`],
    ['POST', `/api/posts/${postId}/like`],
    ['POST', `/api/posts/${postId}/unlike`],
    ['POST', `/api/posts/${postId}/rewhisp`],
    ['POST', `/api/posts/${postId}/unrewhisp`],
    ['POST', `/api/posts/${postId}/bookmark`],
    ['POST', `/api/posts/${postId}/unbookmark`],
    ['POST', `/api/posts/${postId}/report`],
  ];
  const reads = () => [
    '/api/posts/timeline',
    '/api/posts/following',
    '/api/posts/public',
    `/api/posts/${postId}`,
    `/api/posts/${postId}/replies`,
    `/api/users/${userId}/posts`,
    '/api/bookmarks',
    '/api/search?q=hello',
    '/api/search/hashtag/hello',
    '/api/trends',
  ];

  it('answers 401 to every write and leaves the whisp as it was', async () => {
    for (const [method, url] of writes()) {
      const response = await testApp.app.inject({
        method: method as 'POST' | 'DELETE',
        url,
        payload: { content: 'sneaky', reason: 'x' },
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toMatchObject({ success: false, code: 'AUTHENTICATION_REQUIRED' });
    }
    const rows = await testApp.database.kysely.selectFrom('posts').select('content').execute();
    expect(rows).toEqual([{ content: 'Hello' }]);
  });

  it('answers 401 to every read', async () => {
    for (const url of reads()) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
    }
  });
});
