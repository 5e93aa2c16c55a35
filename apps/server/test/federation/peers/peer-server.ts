import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GOTOSOCIAL, MASTODON, type PeerFlavour } from './dialects.js';
import {
  type FailedSignature,
  signRequest,
  type VerifiedSignature,
  verifyRequest,
} from './http-signature.js';
import { asArray, type Json, valueOrId } from './json-ld.js';
import { type PeerMember, type PeerSite, rsaKeyPair } from './peer-member.js';

/**
 * A stand-in for another fediverse server on loopback, for what a real Mastodon or GoToSocial
 * cannot do on this machine (no Docker, no Ruby, no GoToSocial binary): it speaks their wire
 * format (dialects.ts), signs what it sends by hand (http-signature.ts) and checks every request
 * Whisp makes of it the way they do. What it received, refused and served is recorded for the
 * tests to read. It does not store statuses or timelines: the tests assert what crossed the wire.
 */
export interface FakePeer {
  flavour: PeerFlavour;
  /** http://127.0.0.1:<port> */
  url: string;
  /** 127.0.0.1:<port>, the domain of its members' handles. */
  host: string;
  member(username: string): PeerMember;
  /** Deliveries whose signature verified, in the order they came. */
  received: Delivery[];
  /** Requests it refused (bad or missing signature), and deliveries it dropped. */
  refusals: Refusal[];
  /** GETs of its actors and statuses, with how each was signed. */
  served: ServedFetch[];
  /** Serves `object` at its id from now on. */
  publish(object: Json): void;
  /** Signs `activity` as `username` and posts it to `inbox`; answers the status code. */
  deliver(username: string, inbox: string, activity: Json): Promise<number>;
  /** A GET signed by the peer's instance actor, as its server fetches documents. */
  fetchSigned(url: string): Promise<{ status: number; json: Json | null }>;
  /** Waits until the Accepts it sends on its own (for Follows received) are delivered. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export interface Delivery {
  path: string;
  activity: Json;
  signature: VerifiedSignature;
}

export interface Refusal {
  method: string;
  path: string;
  reason: string;
  keyId?: string;
}

export interface ServedFetch {
  path: string;
  signature: VerifiedSignature | FailedSignature;
}

export interface PeerOptions {
  flavour: PeerFlavour;
  members: { username: string; name: string; summary?: string }[];
  /** PNG files the peer serves, by path, to anyone (as both servers serve media). */
  files?: Record<string, Buffer>;
  /** One of `files`, named as every member's avatar (Mastodon's actor then has an `icon`). */
  avatarPath?: string;
}

const BODY_LIMIT = 1024 * 1024;
const JSON_TYPE = 'application/activity+json; charset=utf-8';

export async function startFakePeer(options: PeerOptions): Promise<FakePeer> {
  const dialect = options.flavour === 'mastodon' ? MASTODON : GOTOSOCIAL;
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      peer.refusals.push({ method: req.method ?? '', path: req.url ?? '', reason: String(error) });
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const site: PeerSite = {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    avatarPath: options.avatarPath,
  };

  const makeMember = (username: string, name: string, summary: string, path: string) => {
    const actorId = `${site.url}${path}`;
    return {
      username,
      name,
      summary,
      actorId,
      inbox: `${actorId}/inbox`,
      followers: `${actorId}/followers`,
      keyId: dialect.keyIdOf(actorId),
      ...rsaKeyPair(),
    } satisfies PeerMember;
  };
  const members = new Map<string, PeerMember>();
  for (const member of options.members) {
    const { username, name, summary = `${name} posts here.` } = member;
    members.set(username, makeMember(username, name, summary, `/users/${username}`));
  }
  const instance = makeMember(
    dialect.instanceActor.username,
    site.host,
    '',
    dialect.instanceActor.path,
  );
  const objects = new Map<string, Json>();
  const keys = new Map<string, { publicKeyPem: string; owner: string }>();
  const pending = new Set<Promise<unknown>>();
  let sequence = 0;

  const peer: FakePeer = {
    flavour: options.flavour,
    url: site.url,
    host: site.host,
    received: [],
    refusals: [],
    served: [],
    member(username) {
      const member = members.get(username);
      if (!member) throw new Error(`no member ${username} on the ${options.flavour} peer`);
      return member;
    },
    publish(object) {
      objects.set(new URL(object.id).pathname, object);
    },
    async deliver(username, inbox, activity) {
      const response = await post(peer.member(username), inbox, activity);
      return response.status;
    },
    async fetchSigned(url) {
      const response = await signedGet(url);
      return { status: response.status, json: parseJson(response.body) };
    },
    async settled() {
      while (pending.size > 0) await Promise.all(pending);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  async function post(from: PeerMember, inbox: string, activity: Json) {
    const url = new URL(inbox);
    const body = JSON.stringify(activity);
    const signed = signRequest(
      { method: 'POST', url, headers: dialect.signedPostHeaders, body },
      { keyId: from.keyId, privateKey: from.privateKey, algorithm: dialect.algorithm },
    );
    return send(
      url,
      'POST',
      {
        'user-agent': dialect.userAgent(site),
        'content-type': 'application/activity+json',
        ...signed,
      },
      body,
    );
  }

  function signedGet(target: string) {
    const url = new URL(target);
    url.hash = '';
    const signed = signRequest(
      { method: 'GET', url, headers: dialect.signedGetHeaders },
      { keyId: instance.keyId, privateKey: instance.privateKey, algorithm: dialect.algorithm },
    );
    return send(url, 'GET', {
      'user-agent': dialect.userAgent(site),
      accept: dialect.accept,
      ...signed,
    });
  }

  /**
   * The key a keyId names, read from the document its URL (without fragment) answers, as
   * Mastodon's FetchRemoteKeyService does: the actor's `publicKey` with that id, owned by it.
   */
  async function resolveKey(keyId: string) {
    const cached = keys.get(keyId);
    if (cached) return cached;
    const response = await signedGet(keyId);
    const document = response.status === 200 ? parseJson(response.body) : null;
    if (!document) return null;
    const key = asArray<Json>(document.publicKey).find((candidate) => candidate?.id === keyId);
    const owner = valueOrId(key?.owner);
    if (!key || typeof key.publicKeyPem !== 'string' || !owner || owner !== document.id)
      return null;
    const found = { publicKeyPem: key.publicKeyPem, owner };
    keys.set(keyId, found);
    return found;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const target = req.url ?? '/';
    const url = new URL(target, site.url);
    const body = await readBody(req);
    if (req.method === 'POST') return receive(req, res, target, body);
    if (req.method !== 'GET') return void res.writeHead(405).end();

    if (url.pathname === '/.well-known/webfinger') {
      const resource = url.searchParams.get('resource') ?? '';
      const username = /^acct:([^@]+)@(.+)$/.exec(resource);
      const member = username?.[2] === site.host ? members.get(username[1] ?? '') : undefined;
      if (!member) return void res.writeHead(404).end();
      return json(res, dialect.webFinger(site, member), 'application/jrd+json; charset=utf-8');
    }
    const file = options.files?.[url.pathname];
    if (file) {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': file.length });
      return void res.end(file);
    }
    const document = await documentAt(url.pathname);
    if (!document) return void res.writeHead(404).end();
    if (document.open) return json(res, document.json);
    const signature = await verifyRequest(
      { method: 'GET', target, headers: req.headers, body },
      resolveKey,
    );
    peer.served.push({ path: url.pathname, signature });
    if (dialect.signedGetsOnly && !signature.verified) {
      return void res.writeHead(401, { 'content-type': 'text/plain' }).end(signature.reason);
    }
    return json(res, document.json);
  }

  /** What a path serves; `open` when even an authorized-fetch server gives it to anyone. */
  async function documentAt(path: string): Promise<{ json: Json; open: boolean } | null> {
    const instancePath = dialect.instanceActor.path;
    if (path === instancePath) {
      // Served to anyone: the other server needs this key to check the fetches it signs.
      return { json: dialect.instanceActorDocument(site, instance), open: true };
    }
    if (path === `${instancePath}/main-key` && dialect.keyDocument) {
      return { json: dialect.keyDocument(instance), open: true };
    }
    const [, username, rest = ''] = /^\/users\/([^/]+)(\/.*)?$/.exec(path) ?? [];
    const member = username ? members.get(username) : undefined;
    if (member && rest === '') return { json: dialect.actor(site, member), open: false };
    if (member && rest === '/main-key' && dialect.keyDocument) {
      return { json: dialect.keyDocument(member), open: true };
    }
    if (member && /^\/(followers|following|outbox|collections\/(featured|tags))$/.test(rest)) {
      const id = `${member.actorId}${rest}`;
      const empty = { type: 'OrderedCollection', id, totalItems: 0, orderedItems: [] };
      return {
        json: { '@context': 'https://www.w3.org/ns/activitystreams', ...empty },
        open: false,
      };
    }
    const object = objects.get(path);
    return object ? { json: object, open: false } : null;
  }

  async function receive(req: IncomingMessage, res: ServerResponse, target: string, body: string) {
    const path = new URL(target, site.url).pathname;
    const isInbox = path === '/inbox' || /^\/users\/[^/]+\/inbox$/.test(path);
    if (!isInbox) return void res.writeHead(404).end();
    const signature = await verifyRequest(
      { method: 'POST', target, headers: req.headers, body },
      resolveKey,
    );
    if (!signature.verified) {
      peer.refusals.push({
        method: 'POST',
        path,
        reason: signature.reason,
        keyId: signature.keyId,
      });
      return void res.writeHead(401, { 'content-type': 'text/plain' }).end(signature.reason);
    }
    const activity = parseJson(body);
    if (!activity) return void res.writeHead(400).end();
    res.writeHead(202).end();
    // Mastodon takes it (202), then drops an activity whose actor is not the signer.
    if (valueOrId(activity.actor) !== signature.owner) {
      peer.refusals.push({ method: 'POST', path, reason: 'signer is not the actor' });
      return;
    }
    peer.received.push({ path, activity, signature });
    if (activity.type === 'Follow') acceptFollow(activity);
  }

  /** Both servers accept a Follow of an unlocked account at once, from a worker. */
  function acceptFollow(follow: Json) {
    const followed = [...members.values()].find((member) => member.actorId === follow.object);
    const follower = valueOrId(follow.actor);
    if (!followed || !follower) return;
    const work = (async () => {
      const actor = await peer.fetchSigned(follower);
      const inbox = actor.json?.inbox;
      if (typeof inbox !== 'string') throw new Error(`no inbox for ${follower}`);
      sequence += 1;
      const status = await peer.deliver(
        followed.username,
        inbox,
        dialect.acceptFollow(followed, follow, sequence),
      );
      if (status !== 202) throw new Error(`the Accept was answered ${status}`);
    })()
      .catch((error: unknown) => {
        peer.refusals.push({ method: 'POST', path: follower, reason: `Accept: ${error}` });
      })
      .finally(() => pending.delete(work));
    pending.add(work);
  }

  return peer;
}

function json(res: ServerResponse, body: Json, type = JSON_TYPE) {
  res.writeHead(200, { 'content-type': type });
  res.end(JSON.stringify(body));
}

function parseJson(text: string): Json | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
  } catch {
    return null;
  }
}

async function readBody(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > BODY_LIMIT) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** node:http rather than fetch, so that Host and every signed header go out exactly as signed. */
function send(url: URL, method: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const outgoing = request(
      {
        hostname: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method,
        headers: {
          ...headers,
          ...(body === undefined ? {} : { 'content-length': Buffer.byteLength(body) }),
        },
      },
      (response) => {
        readBody(response)
          .then((text) => resolve({ status: response.statusCode ?? 0, body: text }))
          .catch(reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
