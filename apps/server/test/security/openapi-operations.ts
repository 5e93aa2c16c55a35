import type { App } from '../../src/app.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One operation of the OpenAPI document, with what a generated test needs to call it. */
export interface Operation {
  /** "METHOD path", as the document names it: "POST /api/posts/{id}/like". */
  key: string;
  method: Method;
  path: string;
  /** Documented as needing a bearer token. */
  secured: boolean;
  pathParameters: string[];
  queryParameters: string[];
  /** Top-level fields of the JSON body, when the operation documents one. */
  bodyFields: string[];
}

interface DocumentedOperation {
  security?: unknown[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: object } }> };
}

/** Every operation the server documents at /api/openapi.json (generated from the route schemas). */
export async function listOperations(app: App): Promise<Operation[]> {
  const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  if (response.statusCode !== 200) {
    throw new Error(`GET /api/openapi.json answered ${response.statusCode}: ${response.body}`);
  }
  const document = response.json() as {
    paths: Record<string, Record<string, DocumentedOperation>>;
  };
  return Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => {
      const parameters = operation.parameters ?? [];
      const named = (where: string) =>
        parameters.filter((parameter) => parameter.in === where).map(({ name }) => name);
      const jsonSchema = operation.requestBody?.content?.['application/json']?.schema;
      return {
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase() as Method,
        path,
        secured: (operation.security?.length ?? 0) > 0,
        pathParameters: [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string),
        queryParameters: named('query'),
        bodyFields: Object.keys(jsonSchema?.properties ?? {}),
      };
    }),
  );
}

/** The path with each {parameter} replaced by the value `valueFor` gives (already URL-safe). */
export function fillPath(path: string, valueFor: (parameter: string) => string) {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => valueFor(name));
}

/**
 * Which error body an operation answers with: Whisp's own `{ success, code, message }`, the
 * Mastodon client API's `{ error }`, or OAuth's `{ error, error_description }` (RFC 6749).
 */
export function errorDialect(key: string): 'whisp' | 'mastodon' | 'oauth' {
  const path = key.slice(key.indexOf(' ') + 1);
  if (path.startsWith('/oauth/')) return 'oauth';
  if (/^\/(api\/v[12]|\.well-known|nodeinfo)\//.test(path)) return 'mastodon';
  return 'whisp';
}

const OAUTH_ERROR =
  /^(invalid_request|invalid_client|invalid_grant|unauthorized_client|unsupported_grant_type|invalid_scope|unsupported_token_type)$/;

/** Whether `body` is an error in the operation's dialect, with words a person can read. */
export function isErrorBodyOf(key: string, body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const fields = body as Record<string, unknown>;
  const readable = (value: unknown) => typeof value === 'string' && /\S/.test(value);
  switch (errorDialect(key)) {
    case 'whisp':
      return (
        fields.success === false &&
        typeof fields.code === 'string' &&
        /^[A-Z][A-Z0-9_]*$/.test(fields.code) &&
        readable(fields.message)
      );
    case 'mastodon':
      return readable(fields.error) && Object.keys(fields).every((name) => name === 'error');
    case 'oauth':
      return (
        typeof fields.error === 'string' &&
        OAUTH_ERROR.test(fields.error) &&
        readable(fields.error_description)
      );
  }
}
