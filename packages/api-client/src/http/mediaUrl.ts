/**
 * The server returns media as server-relative paths (`/media/…`); a page served from another
 * origin (an embedding app, Storybook) needs the API host in front. Absolute URLs pass through.
 */
export function resolveMediaUrl(baseUrl: string, url: string): string;
export function resolveMediaUrl(baseUrl: string, url: string | null | undefined): string | null;
export function resolveMediaUrl(baseUrl: string, url: string | null | undefined): string | null {
  if (!url) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) return url;
  const base = baseUrl.replace(/\/+$/, '');
  return `${base}${url.startsWith('/') ? '' : '/'}${url}`;
}
