import { randomBytes } from 'node:crypto';

export interface Answer {
  status: number;
  /** The parsed JSON body, or undefined when it was not JSON. */
  body: unknown;
  text: string;
  durationMs: number;
  /** The Retry-After header, when the server sent one. */
  retryAfter: string | null;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  /** Sent as X-Forwarded-For, so a server with TRUST_PROXY sees many clients on one loopback. */
  address?: string;
  headers?: Record<string, string>;
  /** Aborts a request that hangs; the caller sees the abort as an error. */
  timeoutMs?: number;
}

/** One HTTP request and its whole answer; throws only when no answer came (refused, reset, timeout). */
export async function request(
  baseUrl: string,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<Answer> {
  const started = performance.now();
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.address) headers['x-forwarded-for'] = options.address;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return {
    status: response.status,
    body,
    text,
    retryAfter: response.headers.get('retry-after'),
    durationMs: performance.now() - started,
  };
}

/** True when the body is api.md's error shape: success false, a message and a machine code. */
export function isErrorShape(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const { success, message, code } = body as Record<string, unknown>;
  return (
    success === false &&
    typeof message === 'string' &&
    message.length > 0 &&
    typeof code === 'string' &&
    /^[A-Z_]+$/.test(code)
  );
}

export interface SignedUpMember {
  id: string;
  username: string;
  email: string;
  password: string;
  token: string;
  /** Its own client address (see RequestOptions.address). */
  address: string;
}

/** A member with a unique name; `address` gives it a client address of its own. */
export async function signUp(
  baseUrl: string,
  label: string,
  address?: string,
): Promise<SignedUpMember> {
  const unique = `${label}_${randomBytes(4).toString('hex')}`;
  const email = `${unique}@example.com`;
  const password = 'correct horse battery staple';
  const answer = await request(baseUrl, 'POST', '/api/auth/register', {
    address,
    body: {
      email,
      password,
      username: unique,
      display_name: `Member ${label}`,
    },
    timeoutMs: 60_000,
  });
  if (answer.status !== 201) {
    throw new Error(`Signing up ${unique} failed (${answer.status}): ${answer.text}`);
  }
  const { data } = answer.body as { data: { token: string; user: { id: string } } };
  return {
    id: data.user.id,
    username: unique,
    email,
    password,
    token: data.token,
    address: address ?? '',
  };
}
