import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Role } from '@whisp/api-client/contract';
import { createMockApi } from '@whisp/api-client/mocks';
import { sql } from 'kysely';
import { simpleParser } from 'mailparser';
import { getResponse } from 'msw';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { expectContractShape } from './schemas.js';

/**
 * One HTTP API, two implementations: the real server (app.inject on a database of its own) and
 * the MSW mocks that Storybook and embedding teams use (answered in-process by msw's
 * getResponse). Every contract test runs against both, so a mock that answers differently from
 * the server fails the same assertion the server passes.
 */

export interface FilePart {
  field: string;
  filename: string;
  type: string;
  bytes: Uint8Array;
}

export interface CallOptions {
  token?: string;
  json?: unknown;
  /** A multipart/form-data body, encoded byte for byte the same for both targets. */
  form?: FilePart[];
  /** A raw body (with its content type in `headers`). */
  raw?: string;
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  // biome-ignore lint/suspicious/noExplicitAny: bodies are read as a client reads JSON; the tests assert their shape.
  body: any;
  /** The body's bytes as sent (a zip download is not text). */
  bytes: Uint8Array;
}

export type TargetName = 'server' | 'mocks';

/** A mail as its recipient reads it. */
export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Target {
  name: TargetName;
  call(method: string, path: string, options?: CallOptions): Promise<Answer>;
  /**
   * The mail sent to this address so far, oldest first: the server's outbox files (it has no
   * SMTP server in these tests, and sends from a queue: poll), or the mocks' outbox.
   */
  mailTo(address: string): Promise<ReceivedMail[]>;
  /**
   * Grants a member a role out of band, as `pnpm whisp role` does on a server: the first
   * moderator or admin of a network is made this way.
   */
  grantRole(memberId: string, role: Role): Promise<void>;
  /**
   * Ends a poll now, as its time passing would: the shortest poll runs five minutes. The
   * server's poll row is moved back on the database's clock; the mocks' store moves it on theirs.
   */
  expirePoll(pollId: string): Promise<void>;
  /**
   * Records a member of another server, as federation does when it first meets their actor:
   * the server's `users` row with a host and an actor, or the mocks' user with a host.
   */
  addRemoteMember(username: string, host: string): Promise<void>;
  close(): Promise<void>;
}

export const TARGETS: TargetName[] = ['server', 'mocks'];

const MOCK_ORIGIN = 'http://mock.whisp.test';

function encodeForm(parts: FilePart[]) {
  const boundary = `----whisp-contract-${Math.random().toString(16).slice(2)}`;
  const chunks: Uint8Array[] = [];
  const text = (value: string) => chunks.push(Buffer.from(value));
  for (const part of parts) {
    text(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
    );
    chunks.push(part.bytes);
    text('\r\n');
  }
  text(`--${boundary}--\r\n`);
  return {
    body: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

function requestParts(options: CallOptions) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  let body: Buffer | string | undefined;
  if (options.json !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    const form = encodeForm(options.form);
    headers['content-type'] ??= form.contentType;
    body = form.body;
  } else if (options.raw !== undefined) {
    body = options.raw;
  }
  return { headers, body };
}

function parseBody(contentType: string | undefined, text: string) {
  if (!contentType?.includes('json')) return text;
  return text === '' ? undefined : JSON.parse(text);
}

/** The `.eml` files of a data directory's outbox, oldest first (their names sort by time). */
export async function readOutbox(dataDir: string): Promise<ReceivedMail[]> {
  const outbox = path.join(dataDir, 'outbox');
  const names = (await readdir(outbox).catch(() => [] as string[]))
    .filter((name) => name.endsWith('.eml'))
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const parsed = await simpleParser(await readFile(path.join(outbox, name)));
      const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
      return {
        to: to?.value[0]?.address ?? '',
        subject: parsed.subject ?? '',
        text: parsed.text ?? '',
        html: typeof parsed.html === 'string' ? parsed.html : '',
      };
    }),
  );
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export async function createServerTarget(): Promise<Target> {
  const testApp: TestApp = await createTestApp();
  return {
    name: 'server',
    async mailTo(address) {
      const mails = await readOutbox(testApp.config.dataDir);
      return mails.filter((mail) => sameAddress(mail.to, address));
    },
    async call(method, path, options = {}) {
      const { headers, body } = requestParts(options);
      const response = await testApp.app.inject({
        method: method as 'GET',
        url: path,
        headers,
        ...(body !== undefined ? { payload: body } : {}),
      });
      const flat = Object.fromEntries(
        Object.entries(response.headers).map(([name, value]) => [name, String(value)]),
      );
      return {
        status: response.statusCode,
        headers: flat,
        body: parseBody(flat['content-type'], response.body),
        bytes: response.rawPayload,
      };
    },
    grantRole: (memberId, role) => testApp.app.repositories.moderation.setRole(memberId, role),
    async expirePoll(pollId) {
      await testApp.database.kysely
        .updateTable('polls')
        .set({ expires_at: sql<Date>`now() - interval '1 millisecond'` })
        .where('id', '=', pollId)
        .execute();
    },
    async addRemoteMember(username, host) {
      const actor = `https://${host}/users/${username}`;
      await testApp.database.kysely
        .insertInto('users')
        .values({
          username,
          email: null,
          password_hash: null,
          display_name: username,
          host,
          actor_uri: actor,
          inbox_url: `${actor}/inbox`,
        })
        .execute();
    },
    close: () => testApp.close(),
  };
}

export async function createMocksTarget(): Promise<Target> {
  const api = createMockApi({ scenario: 'empty' });
  return {
    name: 'mocks',
    async mailTo(address) {
      return api.store.data.outbox
        .filter((mail) => sameAddress(mail.to, address))
        .map(({ to, subject, text, html }) => ({ to, subject, text, html }));
    },
    async call(method, path, options = {}) {
      const { headers, body } = requestParts(options);
      const request = new Request(`${MOCK_ORIGIN}${path}`, {
        method,
        headers,
        ...(body !== undefined ? { body } : {}),
      });
      const response = await getResponse(api.handlers, request);
      if (!response) {
        const body = { unhandled: `${method} ${path}` };
        return { status: 404, headers: {}, body, bytes: new Uint8Array() };
      }
      const flat = Object.fromEntries(response.headers.entries());
      const bytes = new Uint8Array(await response.arrayBuffer());
      return {
        status: response.status,
        headers: flat,
        body: parseBody(flat['content-type'], new TextDecoder().decode(bytes)),
        bytes,
      };
    },
    grantRole: async (memberId, role) => api.store.grantRole(memberId, role),
    expirePoll: async (pollId) => api.store.expirePoll(pollId),
    addRemoteMember: async (username, host) => {
      api.store.addRemoteMember(username, host);
    },
    close: async () => {},
  };
}

/**
 * The target of one `describe.each` block, created before its tests and closed after them. The
 * returned object forwards to it, so tests can hold it from the start, and reads every answer
 * with the contract's response schemas (schemas.ts).
 */
export function useTarget(name: TargetName): Target {
  let current: Target | undefined;
  beforeAll(async () => {
    current = name === 'server' ? await createServerTarget() : await createMocksTarget();
  });
  afterAll(async () => {
    await current?.close();
  });
  const live = () => {
    if (!current) throw new Error(`The ${name} target is not ready`);
    return current;
  };
  return {
    name,
    async call(method, path, options) {
      const answer = await live().call(method, path, options);
      expectContractShape(name, method, path, answer.status, answer.body);
      return answer;
    },
    mailTo: (address) => live().mailTo(address),
    grantRole: (memberId, role) => live().grantRole(memberId, role),
    expirePoll: (pollId) => live().expirePoll(pollId),
    addRemoteMember: (username, host) => live().addRemoteMember(username, host),
    close: async () => {},
  };
}

// ---- members -------------------------------------------------------------------------------

export interface Member {
  id: string;
  username: string;
  email: string;
  password: string;
  display_name: string;
  token: string;
}

const run = Math.random().toString(36).slice(2, 7);
let counter = 0;

/** A unique lower-case word, usable as a username, a hashtag or a search term. */
export function uniqueWord(prefix = 'w') {
  counter += 1;
  return `${prefix}${run}${counter}`;
}

export async function signUp(
  target: Target,
  overrides: Partial<{ username: string; display_name: string; bio: string }> = {},
): Promise<Member> {
  const username = overrides.username ?? uniqueWord('m');
  const body = {
    email: `${username}@example.com`,
    password: 'correct horse battery',
    username,
    display_name: overrides.display_name ?? `Member ${username}`,
    ...(overrides.bio !== undefined ? { bio: overrides.bio } : {}),
  };
  const answer = await target.call('POST', '/api/auth/register', { json: body });
  if (answer.status !== 201) {
    throw new Error(
      `Sign-up failed on ${target.name}: ${answer.status} ${JSON.stringify(answer.body)}`,
    );
  }
  return {
    id: answer.body.data.user.id,
    username,
    email: body.email,
    password: body.password,
    display_name: body.display_name,
    token: answer.body.data.token,
  };
}

// ---- common actions ------------------------------------------------------------------------

/** Asserts a 2xx status and returns the body (with the answer in the failure message). */
export function ok(answer: Answer, status = 200) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body;
}

/** The error body, exactly: status, code, message, and the per-field details when given. */
export function expectError(
  answer: Answer,
  status: number,
  code: string,
  message: string,
  details?: { field: string; message: string }[],
) {
  expect({ status: answer.status, body: answer.body }).toEqual({
    status,
    body: details ? { success: false, code, message, details } : { success: false, code, message },
  });
}

/** A validation error on one field: the message is also the details' only entry. */
export function expectInvalid(answer: Answer, field: string, message: string) {
  expectError(answer, 400, 'VALIDATION_ERROR', message, [{ field, message }]);
}

export async function whisp(
  target: Target,
  member: Member,
  content: string,
  extra: Record<string, unknown> = {},
) {
  return ok(
    await target.call('POST', '/api/posts', { token: member.token, json: { content, ...extra } }),
    201,
  ).data;
}

export async function reply(target: Target, member: Member, postId: string, content: string) {
  return ok(
    await target.call('POST', `/api/posts/${postId}/reply`, {
      token: member.token,
      json: { content },
    }),
    201,
  ).data;
}

export async function follow(target: Target, follower: Member, followed: Member) {
  return ok(
    await target.call('POST', `/api/users/${followed.id}/follow`, { token: follower.token }),
  );
}

export async function act(target: Target, member: Member, postId: string, action: string) {
  return ok(await target.call('POST', `/api/posts/${postId}/${action}`, { token: member.token }));
}

export async function notificationsOf(target: Target, member: Member) {
  return ok(await target.call('GET', '/api/notifications?limit=100', { token: member.token })).data;
}

/** Ids of a list of posts, in order. */
export const ids = (posts: { id: string }[]) => posts.map((post) => post.id);

/** ISO-8601 UTC, as every time in the API. */
export const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
