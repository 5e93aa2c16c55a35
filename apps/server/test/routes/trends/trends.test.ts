import { TRENDS_SHOWN } from '@whisp/api-client/limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers.js';
import { registerMember, type TestMember } from '../../members.js';
import { asMember } from '../posts/client.js';

describe('trends', () => {
  let testApp: TestApp;
  let api: ReturnType<typeof asMember>;
  let ann: TestMember;
  beforeAll(async () => {
    testApp = await createTestApp();
    api = asMember(testApp.app);
    ann = await registerMember(testApp.app);
  });
  afterAll(() => testApp.close());

  it('answers an empty list before anyone uses a hashtag', async () => {
    const response = await api.get('/api/trends', ann);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: [] });
  });

  it('ranks the most used hashtags of recent whisps with their counts', async () => {
    const uses: [string, number][] = [
      ['design', 5],
      ['coffee', 4],
      ['cycling', 3],
      ['books', 2],
      ['gardening', 2],
      ['rare', 1],
    ];
    for (const [tag, count] of uses) {
      for (let index = 0; index < count; index += 1) await api.whisp(ann, `About #${tag} ${index}`);
    }
    // Once per whisp, whatever its case or repetition.
    await api.whisp(ann, '#Design #DESIGN #design');

    const response = await api.get('/api/trends', ann);

    expect(response.json().data).toEqual([
      { hashtag: 'design', post_count: 6 },
      { hashtag: 'coffee', post_count: 4 },
      { hashtag: 'cycling', post_count: 3 },
      { hashtag: 'books', post_count: 2 },
      { hashtag: 'gardening', post_count: 2 },
    ]);
    expect(response.json().data).toHaveLength(TRENDS_SHOWN);
    expect((await api.get('/api/trends?limit=2', ann)).json().data).toHaveLength(2);
  });

  it('counts only recent whisps, so old hashtags fade', async () => {
    await testApp.database.kysely
      .insertInto('posts')
      .values(
        Array.from({ length: 20 }, () => ({
          author_id: ann.id,
          content: '#ancient',
          hashtags: ['ancient'],
          created_at: new Date('2020-01-01T00:00:00Z'),
        })),
      )
      .execute();
    for (let index = 0; index < 200; index += 1) {
      await testApp.database.kysely
        .insertInto('posts')
        .values({ author_id: ann.id, content: 'new', hashtags: ['fresh'] })
        .execute();
    }

    const data = (await api.get('/api/trends', ann)).json().data;

    expect(data[0]).toEqual({ hashtag: 'fresh', post_count: 200 });
    expect(data.map((trend: { hashtag: string }) => trend.hashtag)).not.toContain('ancient');
  });
});
