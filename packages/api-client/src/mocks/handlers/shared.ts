import {
  type DefaultBodyType,
  delay,
  HttpResponse,
  type HttpResponseResolver,
  type PathParams,
} from 'msw';
import { MOCK_MESSAGES, MockError } from '../errors.js';
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

function bearer(request: Request) {
  const header = request.headers.get('authorization');
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() || null : null;
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
        return errorResponse(500, 'INTERNAL_ERROR', MOCK_MESSAGES.internal);
      }
      const url = new URL(request.url);
      try {
        const reply = await handler({ request, params, url, token: bearer(request) });
        if (reply instanceof Response) return reply;
        if ('body' in reply && typeof reply.status === 'number') {
          return HttpResponse.json(reply.body as DefaultBodyType, { status: reply.status });
        }
        return HttpResponse.json(reply as DefaultBodyType);
      } catch (error) {
        if (error instanceof MockError)
          return errorResponse(error.status, error.code, error.message);
        return errorResponse(500, 'INTERNAL_ERROR', MOCK_MESSAGES.internal);
      }
    };
  };
}

/**
 * A whole-number query value: absent means the default, out of range is clamped, and anything
 * that is not a whole number is a 400 with the server's wording ("Limit must be a number").
 */
export function intParam(url: URL, name: string, fallback: number, min: number, max: number) {
  const raw = url.searchParams.get(name);
  if (raw === null || raw.trim() === '') return fallback;
  const value = Number(raw);
  const label = name.charAt(0).toUpperCase() + name.slice(1);
  if (!Number.isFinite(value)) {
    throw new MockError(400, 'VALIDATION_ERROR', `${label} must be a number`, [
      { field: name, message: `${label} must be a number` },
    ]);
  }
  if (!Number.isInteger(value)) {
    throw new MockError(400, 'VALIDATION_ERROR', `${label} must be a whole number`, [
      { field: name, message: `${label} must be a whole number` },
    ]);
  }
  return Math.min(max, Math.max(min, value));
}

export async function readJson(request: Request): Promise<Record<string, unknown>> {
  try {
    const body = (await request.json()) as unknown;
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

export const param = (params: PathParams, name: string) => String(params[name] ?? '');

export type Viewer = UserRecord;
