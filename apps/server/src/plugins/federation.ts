import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FederationConfig } from '../config.js';
import { createWhispFederation, type WhispFederation } from '../federation/federation.js';
import { lookupRemoteMember, type RemoteMemberAddress } from '../federation/lookup.js';
import { FederationOutbox } from '../federation/outbox.js';
import type { RemoteMember } from '../federation/remote-actors.js';
import type { RemoteMedia } from '../federation/remote-media.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Null when federation is off (api.md, "Federation (1.2)"). */
    federation: {
      federation: WhispFederation;
      outbox: FederationOutbox;
      /** WHISP_FEDERATION_ALLOW_PRIVATE: handles are looked up over http:// too. */
      allowPrivateAddress: boolean;
      /** Downloads remote members' pictures (and whisps' files) into this server's media. */
      remoteMedia: RemoteMedia;
      /** A member of another server, fetched and stored the first time (federation/lookup.ts). */
      lookUp(address: RemoteMemberAddress): Promise<RemoteMember | undefined>;
    } | null;
  }
}

/** Far above any activity Mastodon sends (a few kB); a larger body is refused unread. */
export const INBOX_BODY_LIMIT_BYTES = 256 * 1024;

const ACTIVITY_TYPES = ['application/activity+json', 'application/ld+json'];

/**
 * ActivityPub on this server: Fedify answers WebFinger, actors, their collections, whisps as
 * Notes, and the inboxes; this plugin hands it those requests as web Requests, and starts the
 * queue that delivers and applies activities. A browser that opens an actor's or a whisp's URL is
 * sent to the web app's page for it.
 */
export const federationPlugin = fp<{ federation: FederationConfig; publicUrl: string }>(
  async (app, options) => {
    if (!options.federation.enabled) {
      app.decorate('federation', null);
      return;
    }
    const parts = createWhispFederation({
      db: app.database.kysely,
      repositories: app.repositories,
      memberChanged: app.sessionCache.memberChanged,
      publicUrl: options.publicUrl,
      allowPrivateAddress: options.federation.allowPrivateAddress,
      mediaStorage: app.mediaStorage,
      remoteMediaMode: options.federation.remoteMedia,
      log: app.log,
    });
    const { federation } = parts;
    const outbox = new FederationOutbox(app.database.kysely, parts, options.publicUrl, app.log);
    app.federatedChanges.connect(outbox);
    const lookupOptions = {
      db: app.database.kysely,
      federation,
      publicUrl: options.publicUrl,
      allowPrivateAddress: options.federation.allowPrivateAddress,
      memberChanged: app.sessionCache.memberChanged,
      remoteMedia: parts.remoteMedia,
    };
    app.decorate('federation', {
      federation,
      outbox,
      allowPrivateAddress: options.federation.allowPrivateAddress,
      remoteMedia: parts.remoteMedia,
      lookUp: (address: RemoteMemberAddress) => lookupRemoteMember(lookupOptions, address),
    });
    const origin = new URL(options.publicUrl).origin;

    const stopQueue = new AbortController();
    let queue: Promise<void> | undefined;
    app.addHook('onReady', async () => {
      queue = federation.startQueue(undefined, { signal: stopQueue.signal }).catch((error) => {
        app.log.error({ err: error }, 'federation: the queue stopped');
      });
    });
    app.addHook('onClose', async () => {
      app.federatedChanges.connect(undefined);
      await outbox.settled();
      stopQueue.abort();
      await queue;
    });

    async function handle(request: FastifyRequest, reply: FastifyReply) {
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === 'string') headers.set(name, value);
        else for (const each of value ?? []) headers.append(name, each);
      }
      const body = request.method === 'POST' ? (request.body as Buffer | undefined) : undefined;
      const response = await federation.fetch(
        new Request(new URL(request.url, origin), {
          method: request.method,
          headers,
          body: body && body.length > 0 ? new Uint8Array(body) : undefined,
        }),
        {
          contextData: undefined,
          onNotFound: () => new Response(null, { status: 404 }),
          onNotAcceptable: (webRequest) => browserPageFor(new URL(webRequest.url)),
        },
      );
      if (response.status === 404 && !response.headers.get('content-type')) {
        return reply.callNotFound();
      }
      reply.status(response.status);
      response.headers.forEach((value, name) => {
        reply.header(name, value);
      });
      return reply.send(Buffer.from(await response.arrayBuffer()));
    }

    await app.register(async (scope) => {
      // The raw bytes: Fedify checks the body's digest against its signature.
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser(
        ['application/json', ...ACTIVITY_TYPES],
        { parseAs: 'buffer', bodyLimit: INBOX_BODY_LIMIT_BYTES },
        (_request, body, done) => done(null, body),
      );
      // ActivityPub's own documents (WebFinger, actors, inboxes), defined by their standards and
      // answered by Fedify: not part of Whisp's API contract, so not in its OpenAPI document.
      scope.addHook('onRoute', (route) => {
        route.schema = { ...route.schema, hide: true };
      });
      scope.route({ method: ['GET', 'HEAD'], url: '/.well-known/webfinger', handler: handle });
      // Reads are as open as the pages they mirror; deliveries are counted per sender.
      scope.route({ method: ['GET', 'HEAD'], url: '/users/*', handler: handle });
      scope.route({
        method: 'POST',
        url: '/users/*',
        onRequest: app.inboxRateLimit,
        handler: handle,
      });
      scope.route({
        method: 'POST',
        url: '/inbox',
        onRequest: app.inboxRateLimit,
        handler: handle,
      });
    });
  },
  {
    name: 'federation',
    dependencies: ['database', 'repositories', 'rate-limits', 'media-storage'],
  },
);

/** The web app's page for an ActivityPub URL a person opened: a profile or a whisp. */
function browserPageFor(url: URL) {
  const match = /^\/users\/([^/]+)(?:\/whisps\/([^/]+))?\/?$/.exec(url.pathname);
  const location = !match ? '/' : match[2] ? `/whisp/${match[2]}` : `/user/${match[1]}`;
  return new Response(null, { status: 302, headers: { location, vary: 'Accept' } });
}
