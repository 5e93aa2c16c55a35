import { STATUS_CODES } from 'node:http';
import fastifyWebsocket, { type WebSocket } from '@fastify/websocket';
import { MASTODON_MESSAGES, scopeAllows } from '@whisp/api-client/contract/mastodon';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { hashSessionToken } from '../../auth/tokens.js';
import type { SignedInMember } from '../../db/repositories/users.js';
import type { LiveEvent } from '../../events/live-event.js';
import { toMastodonConversations } from '../../mastodon/direct.js';
import { toMastodonStatuses } from '../../mastodon/statuses.js';
import { mastodonUrls } from '../../mastodon/urls.js';
import { loadPost } from '../posts/load.js';
import { toMastodonNotifications } from './notifications.js';

// Streaming (Mastodon client API 1.2, methods/streaming.md): the WebSocket at /api/v1/streaming.
// The token comes as the Sec-WebSocket-Protocol (echoed back, as browsers require) or
// `access_token`; streams are subscribed with `?stream=` or `{"type":"subscribe",…}` messages.
// Events come from the live event bus every instance shares (events/bus.ts), so a whisp written
// through one instance reaches streams open on another; each is read as the stream's member may
// see it (posts/load.ts: blocks, private accounts; db/repositories/mastodon-streaming.ts: their
// mutes and muted words, as their timelines leave them out), or not sent. The `direct` stream
// tells of Whisp's direct messages (the `message` live events Whisp's own app hears) as the
// conversation they are in, seen by the stream's member (mastodon/direct.ts).

export interface MastodonStreamingOptions {
  publicUrl: string;
}

const STREAMS = ['user', 'user:notification', 'public', 'public:local', 'hashtag', 'direct'];

/** What each stream needs of the token (api/oauth-scopes.md). */
const scopeOf = (stream: string) =>
  stream === 'user:notification' ? 'read:notifications' : 'read:statuses';

interface Connection {
  socket: WebSocket;
  member: SignedInMember;
  tokenHash: string;
  /**
   * By key (`user`, `public`, `hashtag:whisp`…), the `stream` field of its events: the stream's
   * name, and for a hashtag the tag as the app wrote it (masto.js matches events by it).
   */
  subscriptions: Map<string, string[]>;
}

const streamKey = (stream: string, tag: string | undefined) =>
  stream === 'hashtag' ? `hashtag:${(tag ?? '').toLowerCase()}` : stream;

/** The token of a WebSocket request: its subprotocol, else `access_token`. */
function tokenOf(request: FastifyRequest) {
  const protocol = request.headers['sec-websocket-protocol'];
  const offered = (Array.isArray(protocol) ? protocol[0] : protocol)?.split(',')[0]?.trim();
  if (offered) return offered;
  const query = request.query as { access_token?: unknown };
  return typeof query.access_token === 'string' && query.access_token !== ''
    ? query.access_token
    : undefined;
}

/**
 * Refuses a socket before its upgrade with an HTTP answer apps understand. Written whole and
 * ended here: the WebSocket plugin destroys an upgrade request's socket once it is answered,
 * which could drop an answer still queued.
 */
function refuse(request: FastifyRequest, reply: FastifyReply, status: number, message: string) {
  if (!request.ws) return reply.code(status).send({ error: message });
  reply.hijack();
  const body = JSON.stringify({ error: message });
  request.raw.socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
  return reply;
}

function send(connection: Connection, key: string, event: string, payload: unknown) {
  const stream = connection.subscriptions.get(key);
  if (!stream || connection.socket.readyState !== connection.socket.OPEN) return;
  connection.socket.send(
    JSON.stringify({
      stream,
      event,
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    }),
  );
}

export const mastodonStreamingRoutes: FastifyPluginAsync<MastodonStreamingOptions> = async (
  app,
  { publicUrl },
) => {
  const urls = mastodonUrls(publicUrl);
  const connections = new Set<Connection>();

  await app.register(fastifyWebsocket, {
    options: {
      // Echo the token the client offered as its subprotocol: browsers close a socket whose
      // server picks none of the protocols they asked for.
      handleProtocols: (protocols) => protocols.values().next().value ?? false,
      maxPayload: 64 * 1024,
    },
  });

  const unsubscribe = app.liveEvents.bus.subscribe((event) => {
    if (connections.size === 0) return;
    void deliver(app, event).catch((error: unknown) =>
      app.log.warn({ err: error }, 'could not stream a live event to Mastodon apps'),
    );
  });
  app.addHook('onClose', async () => unsubscribe());

  /**
   * The status of a whisp as one member sees it, or undefined when they may not, or would not
   * see it in their timelines (a member they mute, a word they muted).
   */
  async function statusFor(member: SignedInMember, postId: string) {
    try {
      if (!(await app.repositories.mastodonStreaming.shown(member.id, postId))) return undefined;
      const [status] = await toMastodonStatuses(app.repositories, urls, [
        await loadPost(app, member.id, postId),
      ]);
      return status;
    } catch {
      // Deleted since, or hidden from this member (posts/load.ts): nothing to send.
      return undefined;
    }
  }

  /** A message's conversation as one of its members sees it, or undefined when they may not. */
  async function conversationFor(server: FastifyInstance, memberId: string, messageId: string) {
    const { mastodonConversations } = server.repositories;
    const message = await mastodonConversations.messageById(memberId, messageId);
    const record = message
      ? await mastodonConversations.byId(memberId, message.conversation_id)
      : undefined;
    if (!record) return undefined;
    const [conversation] = await toMastodonConversations(server.repositories, urls, [record]);
    return conversation;
  }

  async function deliver(server: FastifyInstance, event: LiveEvent) {
    const { posts, notifications } = server.repositories;
    if (event.kind === 'message' && event.id) {
      for (const connection of connections) {
        if (connection.member.id !== event.memberId || !connection.subscriptions.has('direct')) {
          continue;
        }
        const conversation = await conversationFor(server, connection.member.id, event.id);
        if (conversation) send(connection, 'direct', 'conversation', conversation);
      }
      return;
    }
    if (event.kind === 'member') {
      // A sign-out, a revoked app or a suspension: streams of a token that no longer works end.
      for (const connection of [...connections]) {
        if (event.memberId !== '*' && connection.member.id !== event.memberId) continue;
        const still = await server.repositories.users.findBySessionToken(connection.tokenHash);
        if (!still || still.member.app === null) connection.socket.close(1008, 'Token revoked');
      }
      return;
    }
    if (event.kind === 'notification' && event.id) {
      for (const connection of connections) {
        if (connection.member.id !== event.memberId) continue;
        const keys = ['user', 'user:notification'].filter((key) =>
          connection.subscriptions.has(key),
        );
        if (keys.length === 0) continue;
        const row = await notifications.findOne(connection.member.id, event.id);
        const [notification] = row
          ? await toMastodonNotifications(server, urls, connection.member.id, [row])
          : [];
        if (!notification) continue;
        for (const key of keys) send(connection, key, 'notification', notification);
      }
      return;
    }
    if (event.kind === 'status.delete' && event.id) {
      for (const connection of connections) {
        for (const key of connection.subscriptions.keys()) {
          if (key !== 'user:notification') send(connection, key, 'delete', event.id);
        }
      }
      return;
    }
    if ((event.kind === 'status' || event.kind === 'status.update') && event.id) {
      const name = event.kind === 'status' ? 'update' : 'status.update';
      for (const connection of connections) {
        const { member, subscriptions } = connection;
        // The direct stream tells of messages only (above).
        const wanted = [...subscriptions.keys()].filter(
          (key) => key !== 'user:notification' && key !== 'direct',
        );
        if (wanted.length === 0) continue;
        const status = await statusFor(member, event.id);
        if (!status) continue;
        const original = !status.reblog && status.in_reply_to_id === null;
        for (const key of wanted) {
          const fits =
            key === 'user'
              ? event.memberId === member.id || (await posts.isFollowing(member.id, event.memberId))
              : key === 'public' || key === 'public:local'
                ? original
                : key.startsWith('hashtag:')
                  ? status.tags.some((tag) => `hashtag:${tag.name}` === key)
                  : false;
          if (fits) send(connection, key, name, status);
        }
      }
    }
  }

  /** A subscription asked for: refused when the stream is unknown or the token cannot read it. */
  function subscribe(connection: Connection, stream: unknown, tag: unknown) {
    if (typeof stream !== 'string' || !STREAMS.includes(stream)) {
      connection.socket.send(JSON.stringify({ error: 'Unknown stream type', status: 400 }));
      return;
    }
    if (stream === 'hashtag' && (typeof tag !== 'string' || tag === '')) {
      connection.socket.send(JSON.stringify({ error: 'No tag for hashtag stream', status: 400 }));
      return;
    }
    if (!scopeAllows(connection.member.app?.scopes ?? [], scopeOf(stream))) {
      connection.socket.send(
        JSON.stringify({ error: MASTODON_MESSAGES.outsideScopes, status: 403 }),
      );
      return;
    }
    const given = typeof tag === 'string' ? tag : undefined;
    connection.subscriptions.set(
      streamKey(stream, given),
      stream === 'hashtag' ? ['hashtag', given ?? ''] : [stream],
    );
  }

  app.get(
    '/api/v1/streaming/health',
    { schema: { summary: 'Whether streaming is up (apps check before they connect)' } },
    async (_request, reply) => reply.type('text/plain').send('OK'),
  );

  app.get(
    '/api/v1/streaming',
    {
      websocket: true,
      schema: {
        summary: 'Live events over a WebSocket (token as the subprotocol or access_token)',
      },
      // Checked before the upgrade: a refused socket is an HTTP 401, which apps understand.
      preValidation: async (request, reply) => {
        const token = tokenOf(request);
        const member = token ? await app.signedInMember(token, request) : undefined;
        if (!token || !member || member.app === null) {
          return refuse(request, reply, 401, MASTODON_MESSAGES.tokenInvalid);
        }
        if (
          !scopeAllows(member.app.scopes, 'read:statuses') &&
          !scopeAllows(member.app.scopes, 'read:notifications')
        ) {
          return refuse(request, reply, 403, MASTODON_MESSAGES.outsideScopes);
        }
        request.member = member;
        request.sessionToken = token;
        return undefined;
      },
    },
    (socket, request) => {
      const connection: Connection = {
        socket,
        member: request.member,
        tokenHash: hashSessionToken(request.sessionToken),
        subscriptions: new Map(),
      };
      connections.add(connection);
      socket.on('close', () => connections.delete(connection));
      const query = request.query as { stream?: unknown; tag?: unknown };
      if (query.stream !== undefined) subscribe(connection, query.stream, query.tag);
      socket.on('message', (data) => {
        let message: { type?: unknown; stream?: unknown; tag?: unknown };
        try {
          message = JSON.parse(String(data));
        } catch {
          socket.send(JSON.stringify({ error: 'Could not parse the message', status: 400 }));
          return;
        }
        if (message.type === 'subscribe') subscribe(connection, message.stream, message.tag);
        else if (message.type === 'unsubscribe' && typeof message.stream === 'string') {
          connection.subscriptions.delete(
            streamKey(message.stream, typeof message.tag === 'string' ? message.tag : undefined),
          );
        }
      });
    },
  );
};
