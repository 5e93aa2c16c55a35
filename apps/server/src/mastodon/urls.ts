import { mediaUrl } from '../http/user-shapes.js';

// Absolute addresses in Mastodon entities: apps open them as they are (masto.js drops a relative
// one, Ice Cubes decodes URL), built from the server's public URL (WHISP_PUBLIC_URL).

/**
 * Mastodon's own paths for an account without a picture or a banner: apps and Mastodon's web
 * client recognise `missing.png` as "none set" (./stand-in-images.ts serves them).
 */
export const MISSING_AVATAR_PATH = '/avatars/original/missing.png';
export const MISSING_HEADER_PATH = '/headers/original/missing.png';

export interface MastodonUrls {
  /** WHISP_PUBLIC_URL itself, as Whisp's own shapes read it (toPost), which statuses start from. */
  publicUrl: string;
  absolute(path: string): string;
  profile(username: string): string;
  whisp(id: string): string;
  hashtag(tag: string): string;
  avatar(key: string | null): string;
  header(key: string | null): string;
}

export function mastodonUrls(publicUrl: string): MastodonUrls {
  const base = new URL(publicUrl);
  const absolute = (path: string) => new URL(path, base).href;
  return {
    publicUrl,
    absolute,
    profile: (username) => absolute(`/user/${encodeURIComponent(username)}`),
    whisp: (id) => absolute(`/whisp/${encodeURIComponent(id)}`),
    hashtag: (tag) => absolute(`/search?${new URLSearchParams({ q: `#${tag}` })}`),
    avatar: (key) => absolute(mediaUrl(key) ?? MISSING_AVATAR_PATH),
    header: (key) => absolute(mediaUrl(key) ?? MISSING_HEADER_PATH),
  };
}
