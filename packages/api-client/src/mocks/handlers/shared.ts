import {
  type DefaultBodyType,
  delay,
  HttpResponse,
  type HttpResponseResolver,
  type PathParams,
} from 'msw';
import type { z } from 'zod';
import { describeError } from '../../contract/errors.js';
import {
  type RequestPart,
  readableIssueMessage,
  validationErrorBody,
} from '../../contract/issues.js';
import { fail, MockError } from '../errors.js';
import type { MockStore } from '../store/createMockStore.js';
import type { UserRecord } from '../store/records.js';

export const MOCK_SCENARIOS = ['default', 'empty', 'slow', 'error', 'offline'] as const;
/**
 * - `default`: the seeded network; `empty`: only the signed-in member, every list empty;
 * - `slow`: the default answers after a delay (loading states);
 * - `error`: every /api call answers 500 with the server's message (health stays up);
 * - `offline`: every request, health included, fails as a network error.
 */
export type MockScenario = (typeof MOCK_SCENARIOS)[number];

export interface HandlerContext {
  store: MockStore;
  /** `https://api.example` or `*` (any origin) in front of every path. */
  base: string;
  scenario(): MockScenario;
  delayMs: number;
}

interface Info {
  request: Request;
  params: PathParams;
  url: URL;
  token: string | null;
}

type Reply = Response | { status?: number; body: unknown } | Record<string, unknown>;

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * The session token of a request, as the server reads it: no header is no token; a header that
 * is not `Bearer <token>` is a token that names no session (401 "invalid", not "required").
 */
function bearer(request: Request) {
  const header = request.headers.get('authorization');
  if (header === null) return null;
  return BEARER.exec(header)?.[1] ?? `not-a-bearer-token:${header}`;
}

export function errorResponse(
  status: number,
  code: string,
  message: string,
  details?: { field: string; message: string }[],
) {
  const body = details
    ? { success: false, message, code, details }
    : { success: false, message, code };
  return HttpResponse.json(body, { status });
}

/**
 * Wraps a route: applies the scenario, turns a MockError into the server's error body, and lets a
 * route answer with a plain body (200) or `{ status, body }`.
 */
export function createRoute(context: HandlerContext) {
  return function route(
    handler: (info: Info) => Reply | Promise<Reply>,
    options: { api?: boolean } = {},
  ): HttpResponseResolver<PathParams, DefaultBodyType> {
    return async ({ request, params }) => {
      const scenario = context.scenario();
      if (scenario === 'offline') return HttpResponse.error();
      if (scenario === 'slow') await delay(context.delayMs);
      if (scenario === 'error' && options.api !== false) {
        const internal = describeError('internal');
        return errorResponse(internal.status, internal.code, internal.message);
      }
      const url = new URL(request.url);
      try {
        // Polls that ended are announced and scheduled whisps that came due are published before
        // anything is read, as the server's jobs would have done by then.
        context.store.runDueWork();
        // PostgreSQL text cannot hold U+0000: the server refuses it in the address up front.
        if (/%00/i.test(request.url)) throw fail('nulCharacter');
        const reply = await handler({ request, params, url, token: bearer(request) });
        if (reply instanceof Response) return reply;
        if ('body' in reply && typeof reply.status === 'number') {
          return HttpResponse.json(reply.body as DefaultBodyType, { status: reply.status });
        }
        return HttpResponse.json(reply as DefaultBodyType);
      } catch (error) {
        if (error instanceof MockError) {
          return errorResponse(error.status, error.code, error.message, error.details);
        }
        const internal = describeError('internal');
        return errorResponse(internal.status, internal.code, internal.message);
      }
    };
  };
}

/**
 * Reads a request part with the endpoint's zod schema, as the server's validator does: the same
 * readable messages, the same 400 body (every problem in `details`, the first as the message).
 */
export function validate<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
  part: RequestPart,
): z.output<Schema> {
  const result = schema.safeParse(input, { error: readableIssueMessage });
  if (result.success) return result.data;
  const body = validationErrorBody(result.error.issues, part);
  throw new MockError(400, body.code, body.message, body.details);
}

/** The query string as the server's parser gives it to the schema: a repeated key is a list. */
export function query(url: URL) {
  const values: Record<string, string | string[]> = {};
  for (const [key, value] of url.searchParams) {
    const earlier = values[key];
    values[key] =
      earlier === undefined
        ? value
        : Array.isArray(earlier)
          ? [...earlier, value]
          : [earlier, value];
  }
  return values;
}

/**
 * The JSON body: none (an empty body, as a like sends) is undefined, and text that is not JSON is
 * the server's 400.
 */
export async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text === '') return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    throw fail('invalidJson');
  }
  if (holdsNul(body)) throw fail('nulCharacter');
  return body;
}

/** True when a parsed JSON value holds U+0000 in any string or key (the server refuses it). */
function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([key, inner]) => key.includes('\u0000') || holdsNul(inner));
  }
  return false;
}

export const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

export const param = (params: PathParams, name: string) => String(params[name] ?? '');

export type Viewer = UserRecord;
