import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiError,
  NETWORK_ERROR_MESSAGE,
  NO_TOKEN_MESSAGE,
  type WhispClient,
} from '../src/index.js';
import { API, clientWith } from './support/recorder.js';

const server = setupServer();
const requests: string[] = [];
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', ({ request }) => requests.push(request.url));
});
afterEach(() => {
  server.resetHandlers();
  requests.length = 0;
});
afterAll(() => server.close());

const file = new Blob(['x'], { type: 'image/png' });

/** Every call of the contract that needs a signed-in member. */
const authenticatedCalls: [string, (client: WhispClient) => Promise<unknown>][] = [
  ['users.me', (c) => c.users.me()],
  ['users.updateMe', (c) => c.users.updateMe({ bio: 'x' })],
  ['users.uploadAvatar', (c) => c.users.uploadAvatar(file)],
  ['users.uploadBanner', (c) => c.users.uploadBanner(file)],
  ['users.setBannerPosition', (c) => c.users.setBannerPosition({ position_x: 1, position_y: 1 })],
  ['users.suggested', (c) => c.users.suggested()],
  ['users.profile', (c) => c.users.profile('ann')],
  ['users.byId', (c) => c.users.byId('u1')],
  ['users.posts', (c) => c.users.posts('u1')],
  ['users.follow', (c) => c.users.follow('u1')],
  ['users.unfollow', (c) => c.users.unfollow('u1')],
  ['users.followers', (c) => c.users.followers('u1')],
  ['users.following', (c) => c.users.following('u1')],
  ['posts.timeline', (c) => c.posts.timeline()],
  ['posts.following', (c) => c.posts.following()],
  ['posts.public', (c) => c.posts.public()],
  ['posts.create', (c) => c.posts.create({ content: 'x' })],
  ['posts.uploadMedia', (c) => c.posts.uploadMedia([file])],
  ['posts.get', (c) => c.posts.get('p1')],
  ['posts.replies', (c) => c.posts.replies('p1')],
  ['posts.edit', (c) => c.posts.edit('p1', { content: 'x' })],
  ['posts.remove', (c) => c.posts.remove('p1')],
  ['posts.like', (c) => c.posts.like('p1')],
  ['posts.unlike', (c) => c.posts.unlike('p1')],
  ['posts.reply', (c) => c.posts.reply('p1', { content: 'x' })],
  ['posts.rewhisp', (c) => c.posts.rewhisp('p1')],
  ['posts.unrewhisp', (c) => c.posts.unrewhisp('p1')],
  ['posts.bookmark', (c) => c.posts.bookmark('p1')],
  ['posts.unbookmark', (c) => c.posts.unbookmark('p1')],
  ['posts.report', (c) => c.posts.report('p1', { reason: 'spam' })],
  ['bookmarks.list', (c) => c.bookmarks.list()],
  ['search.all', (c) => c.search.all('x')],
  ['search.hashtag', (c) => c.search.hashtag('x')],
  ['trends.list', (c) => c.trends.list()],
  ['notifications.list', (c) => c.notifications.list()],
  ['notifications.markRead', (c) => c.notifications.markRead('n1')],
  ['notifications.markAllRead', (c) => c.notifications.markAllRead()],
  ['messages.conversations', (c) => c.messages.conversations()],
  ['messages.list', (c) => c.messages.list('c1')],
  ['messages.send', (c) => c.messages.send({ recipient_id: 'u1', content: 'x' })],
  ['messages.start', (c) => c.messages.start('u1')],
  ['messages.markRead', (c) => c.messages.markRead(['m1'])],
  ['messages.unreadCount', (c) => c.messages.unreadCount()],
  [
    'support.submit',
    (c) =>
      c.support.submit({
        category: 'bug',
        priority: 'low',
        subject: 's',
        description: 'd',
        include_system_info: false,
      }),
  ],
  ['events.streamUrl', async (c) => c.events.streamUrl()],
];

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('error messages of product-spec section 8', () => {
  it.each(authenticatedCalls)(
    '%s without a token: "No authentication token found", no request',
    async (_name, call) => {
      const error = await failure(call(clientWith(null)));
      expect(error.message).toBe(NO_TOKEN_MESSAGE);
      expect(error.code).toBe('NO_TOKEN');
      expect(requests).toEqual([]);
    },
  );

  it("shows the server's message from a typed call, with status and code", async () => {
    server.use(
      http.get(`${API}/api/users/profile/:username`, () =>
        HttpResponse.json(
          { success: false, message: 'User not found', code: 'USER_NOT_FOUND' },
          { status: 404 },
        ),
      ),
    );
    const error = await failure(clientWith().users.profile('ghost'));
    expect(error).toMatchObject({ message: 'User not found', status: 404, code: 'USER_NOT_FOUND' });
  });

  it('says "HTTP {status}: {statusText}" when the server sent no message', async () => {
    server.use(
      http.post(
        `${API}/api/posts/:id/like`,
        () => new HttpResponse(null, { status: 500, statusText: 'Internal Server Error' }),
      ),
    );
    const error = await failure(clientWith().posts.like('p1'));
    expect(error.message).toBe('HTTP 500: Internal Server Error');
  });

  it('says "Network error: Unable to connect to server" when the connection fails', async () => {
    server.use(http.get(`${API}/api/posts/timeline`, () => HttpResponse.error()));
    const error = await failure(clientWith().posts.timeline());
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('keeps field details of a validation failure for forms', async () => {
    server.use(
      http.post(`${API}/api/auth/register`, () =>
        HttpResponse.json(
          {
            success: false,
            message: 'Email is required',
            code: 'VALIDATION_ERROR',
            details: [{ field: 'email', message: 'Email is required' }],
          },
          { status: 400 },
        ),
      ),
    );
    const error = await failure(
      clientWith(null).auth.register({ email: '', password: '', username: '', display_name: '' }),
    );
    expect(error.details).toEqual([{ field: 'email', message: 'Email is required' }]);
  });
});
