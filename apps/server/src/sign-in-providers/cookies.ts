import type { FastifyReply, FastifyRequest } from 'fastify';

/** Only the provider routes read these cookies; no other request carries them. */
export const OIDC_COOKIE_PATH = '/api/auth/oidc';

/**
 * Binds a flow to the browser that started it (a hash is kept with the flow): a callback opened
 * in another browser, such as a link someone was sent, then finds no flow to finish. Without it,
 * whoever started a sign-in could have someone else's browser finish it, signed in as them.
 */
export const OIDC_BROWSER_COOKIE = 'whisp_oidc_browser';

interface CookieOptions {
  maxAgeSeconds: number;
  /** Whether the public URL is https://: then the browser sends it back over https only. */
  secure: boolean;
}

/**
 * HttpOnly (no script reads it), SameSite=Lax: sent on the top-level navigation back from the
 * provider and on the app's own requests, never on another site's requests.
 */
export function setCookie(
  reply: FastifyReply,
  name: string,
  value: string,
  options: CookieOptions,
) {
  const attributes = [
    `${name}=${value}`,
    `Path=${OIDC_COOKIE_PATH}`,
    `Max-Age=${options.maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ];
  // Fastify adds each Set-Cookie to those already on the reply.
  reply.header('set-cookie', attributes.join('; '));
}

export function clearCookie(reply: FastifyReply, name: string, options: { secure: boolean }) {
  setCookie(reply, name, '', { maxAgeSeconds: 0, secure: options.secure });
}

/** A cookie of the request, by name; values here are base64url, so nothing is decoded. */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() === name) {
      const value = part.slice(separator + 1).trim();
      return value === '' ? undefined : value;
    }
  }
  return undefined;
}
