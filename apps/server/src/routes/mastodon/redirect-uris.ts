import { OAUTH_OUT_OF_BAND } from '@whisp/api-client/contract';
import {
  MASTODON_REDIRECT_URI_MAX_LENGTH,
  MASTODON_REDIRECT_URIS_MAX,
} from '@whisp/api-client/contract/mastodon';

/** Schemes that run or read something in the browser itself: never a place to send a code. */
const REFUSED_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:']);
const LOOPBACK_HOSTS = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/**
 * Whether an app may register this redirect URI: https, http only on a loopback address (an app
 * on the member's own computer), an app's own scheme (`ivory://…`,
 * `com.tapbots.Ivory.10217:/request_token`) or the out-of-band URN; never a fragment (RFC 6749
 * 3.1.2). Compared exactly afterwards, as registered.
 */
export function isAcceptedRedirectUri(uri: string): boolean {
  if (uri === OAUTH_OUT_OF_BAND) return true;
  if (uri.length > MASTODON_REDIRECT_URI_MAX_LENGTH) return false;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  if (url.hash !== '' || uri.includes('#')) return false;
  if (url.protocol === 'https:') return url.hostname !== '';
  if (url.protocol === 'http:') return LOOPBACK_HOSTS.test(url.hostname);
  return !REFUSED_SCHEMES.has(url.protocol) && /^[a-z][a-z0-9+.-]*:$/i.test(url.protocol);
}

/**
 * `redirect_uris` as apps send it (a string, several separated by white space, or an array) →
 * the URIs, or the first refused one, or `tooMany`.
 */
export function parseRedirectUris(
  value: string | string[],
): { uris: string[] } | { refused: string } | { tooMany: true } | { none: true } {
  const uris = (Array.isArray(value) ? value : [value])
    .flatMap((entry) => entry.split(/\s+/))
    .filter((uri) => uri !== '');
  if (uris.length === 0) return { none: true };
  if (uris.length > MASTODON_REDIRECT_URIS_MAX) return { tooMany: true };
  const refused = uris.find((uri) => !isAcceptedRedirectUri(uri));
  return refused === undefined ? { uris: [...new Set(uris)] } : { refused };
}

/**
 * The Content-Security-Policy source that lets a form post end at this redirect URI: its origin
 * for http(s), its scheme for an app's own (`icecubesapp:`). None for the out-of-band URN, whose
 * code page is Whisp's own.
 */
export function formActionSource(uri: string): string | undefined {
  if (uri === OAUTH_OUT_OF_BAND) return undefined;
  const url = new URL(uri);
  if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
  return /^[a-z][a-z0-9+.-]*:$/.test(url.protocol) ? url.protocol : undefined;
}
