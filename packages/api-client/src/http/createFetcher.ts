import { ApiError, type ApiErrorDetail, CLIENT_ERROR_CODES } from './ApiError.js';
import { httpStatusMessage, NETWORK_ERROR_MESSAGE, NO_TOKEN_MESSAGE } from './messages.js';
import type { TokenStore } from './tokenStore.js';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** `required` refuses to call without a token; `none` never sends one. */
  auth?: 'required' | 'optional' | 'none';
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface FetcherOptions {
  baseUrl: string;
  tokenStore: TokenStore;
  fetch: typeof globalThis.fetch;
}

export type Fetcher = <T>(path: string, options?: RequestOptions) => Promise<T>;

/** Builds the one function every typed call goes through: URL, token, JSON and error semantics. */
export function createFetcher({ baseUrl, tokenStore, fetch }: FetcherOptions): Fetcher {
  return async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const { method = 'GET', body, query, auth = 'required', signal } = options;
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };

    const token = auth === 'none' ? null : tokenStore.get();
    if (auth === 'required' && !token) {
      throw new ApiError(NO_TOKEN_MESSAGE, { status: 0, code: CLIENT_ERROR_CODES.noToken });
    }
    if (token) headers.Authorization = `Bearer ${token}`;

    let payload: BodyInit | undefined;
    if (body instanceof FormData) {
      payload = body;
    } else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }

    let response: Response;
    try {
      response = await fetch(joinUrl(baseUrl, path, query), {
        method,
        headers,
        body: payload,
        signal,
      });
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new ApiError(NETWORK_ERROR_MESSAGE, { status: 0, code: CLIENT_ERROR_CODES.network });
    }

    const parsed = await readJson(response);
    if (!response.ok || isFailureBody(parsed)) {
      throw toApiError(response, parsed);
    }
    return parsed as T;
  };
}

export function joinUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const base = baseUrl.replace(/\/+$/, '');
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const queryString = search.toString();
  return `${base}${path}${queryString ? `?${queryString}` : ''}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    // A proxy's HTML error page or an empty gateway answer: no message of the server's to show.
    return undefined;
  }
}

interface FailureBody {
  success: false;
  message?: unknown;
  code?: unknown;
  details?: unknown;
  data?: unknown;
}

function isFailureBody(body: unknown): body is FailureBody {
  return (
    typeof body === 'object' && body !== null && (body as { success?: unknown }).success === false
  );
}

function toApiError(response: Response, body: unknown): ApiError {
  const failure = typeof body === 'object' && body !== null ? (body as Partial<FailureBody>) : {};
  const serverMessage =
    typeof failure.message === 'string' && failure.message.trim() ? failure.message : null;
  return new ApiError(serverMessage ?? httpStatusMessage(response.status, response.statusText), {
    status: response.status,
    code: typeof failure.code === 'string' ? failure.code : CLIENT_ERROR_CODES.http,
    details: Array.isArray(failure.details) ? (failure.details as ApiErrorDetail[]) : undefined,
    data: failure.data,
  });
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
