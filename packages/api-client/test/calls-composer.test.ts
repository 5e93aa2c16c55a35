import { describe, expect, it } from 'vitest';
import { isScheduledWhisp, type Poll, type ScheduledWhisp } from '../src/index.js';
import { buildPost, buildUser } from '../src/mocks/index.js';
import { defined } from './support/defined.js';
import { API, clientWith, setupRecordingServer } from './support/recorder.js';

const answer = setupRecordingServer();

const poll: Poll = {
  id: 'poll-1',
  options: [
    { title: 'Tea', votes_count: 3 },
    { title: 'Coffee', votes_count: 1 },
  ],
  multiple: false,
  expires_at: '2026-01-16T12:00:00.000Z',
  expired: false,
  votes_count: 4,
  voters_count: 4,
  voted: true,
  own_votes: [0],
};

const attachment = {
  url: '/media/s.webp',
  alt: null,
  kind: 'image' as const,
  width: 640,
  height: 480,
  preview_url: '/media/s.preview.webp',
  blurhash: null,
};

const scheduled: ScheduledWhisp = {
  id: 'scheduled-1',
  scheduled_at: '2026-02-01T09:00:00.000Z',
  content: 'Later',
  content_warning: null,
  media: [attachment],
  poll: null,
  reply_settings: { can_reply: 'everyone', can_repost: true },
  created_at: '2026-01-15T12:00:00.000Z',
};

describe('writing with Composer 1.2', () => {
  it('create sends the warning and the poll and answers the Post', async () => {
    const seen = answer({ success: true, message: 'Whisp posted', data: buildPost({ poll }) }, 201);
    const request = { options: ['Tea', 'Coffee'], expires_in: 3600, multiple: false };
    const post = await clientWith().posts.create({
      content: 'Which?',
      content_warning: 'Drinks',
      poll: request,
    });
    expect(isScheduledWhisp(post)).toBe(false);
    expect(post.poll).toEqual(poll);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      path: '/api/posts',
      json: { content: 'Which?', content_warning: 'Drinks', poll: request },
    });
  });

  it('create with scheduled_at answers the ScheduledWhisp with its media prefixed', async () => {
    const seen = answer({ success: true, message: 'Whisp scheduled', data: scheduled }, 201);
    const answered = await clientWith().posts.create({
      content: 'Later',
      media_urls: [`${API}/media/s.webp`],
      scheduled_at: scheduled.scheduled_at,
    });
    expect(isScheduledWhisp(answered)).toBe(true);
    expect(answered).toMatchObject({
      id: 'scheduled-1',
      media: [{ url: `${API}/media/s.webp`, preview_url: `${API}/media/s.preview.webp` }],
    });
    expect(seen[0]?.json).toEqual({
      content: 'Later',
      media_urls: ['/media/s.webp'],
      scheduled_at: scheduled.scheduled_at,
    });
  });

  it('reply and edit send the warning; an edit without one sends none', async () => {
    const seen = answer({ success: true, data: buildPost() });
    const client = clientWith();
    await client.posts.reply('p1', { content: 'Spoilers ahead', content_warning: 'Film ending' });
    await client.posts.edit('p1', { content: 'Edited', content_warning: 'Still spoilers' });
    await client.posts.edit('p1', { content: 'Plain now' });
    expect(seen.map((r) => [r.path, r.json])).toEqual([
      ['/api/posts/p1/reply', { content: 'Spoilers ahead', content_warning: 'Film ending' }],
      ['/api/posts/p1', { content: 'Edited', content_warning: 'Still spoilers' }],
      ['/api/posts/p1', { content: 'Plain now' }],
    ]);
  });
});

describe('polls, threads and history', () => {
  it('votePoll posts the choices to the poll and returns its new counts', async () => {
    const seen = answer({ success: true, data: poll });
    await expect(clientWith().posts.votePoll('poll 1', [0])).resolves.toEqual(poll);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      path: '/api/polls/poll%201/votes',
      json: { choices: [0] },
    });
  });

  it('context reads the thread and prefixes the media of every whisp in it', async () => {
    const ancestor = buildPost({ author: buildUser({ avatar: '/media/root.webp' }) });
    const descendant = buildPost({ media_urls: ['/media/d.webp'] });
    const seen = answer({
      success: true,
      data: { ancestors: [ancestor], descendants: [descendant] },
    });
    const context = await clientWith().posts.context('p1');
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/api/posts/p1/context' });
    expect(defined(context.ancestors[0]).author.avatar).toBe(`${API}/media/root.webp`);
    expect(defined(context.descendants[0]).media_urls).toEqual([`${API}/media/d.webp`]);
  });

  it('history reads the versions as they come, oldest first', async () => {
    const versions = [
      { content: 'First', content_warning: null, created_at: '2026-01-15T12:00:00.000Z' },
      { content: 'Second', content_warning: 'CW', created_at: '2026-01-15T13:00:00.000Z' },
    ];
    const seen = answer({ success: true, data: versions });
    await expect(clientWith().posts.history('p1')).resolves.toEqual(versions);
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/api/posts/p1/history' });
  });
});

describe('scheduled whisps', () => {
  it('list, update and cancel address the member’s scheduled whisps', async () => {
    const client = clientWith();
    const listed = answer({ success: true, data: [scheduled] });
    const list = await client.scheduledPosts.list();
    expect(defined(list[0]).media[0]?.url).toBe(`${API}/media/s.webp`);
    expect(listed[0]).toMatchObject({ method: 'GET', path: '/api/scheduled-posts' });
    const seen = answer({ success: true, message: 'Scheduled whisp cancelled', data: scheduled });
    const updated = await client.scheduledPosts.update('scheduled-1', {
      content: 'Sooner',
      media_urls: [`${API}/media/s.webp`],
    });
    expect(updated.media[0]?.preview_url).toBe(`${API}/media/s.preview.webp`);
    await expect(client.scheduledPosts.cancel('scheduled-1')).resolves.toEqual({
      message: 'Scheduled whisp cancelled',
    });
    expect(seen.map((r) => [r.method, r.path, r.json])).toEqual([
      [
        'PATCH',
        '/api/scheduled-posts/scheduled-1',
        { content: 'Sooner', media_urls: ['/media/s.webp'] },
      ],
      ['DELETE', '/api/scheduled-posts/scheduled-1', undefined],
    ]);
  });
});
