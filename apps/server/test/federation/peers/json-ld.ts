/**
 * How Mastodon reads an ActivityPub document: as plain JSON, key by key, never through a JSON-LD
 * processor. These helpers do what Mastodon's app/helpers/json_ld_helper.rb and
 * app/lib/activitypub/tag_manager.rb do, so that the peers read Whisp's payloads as it would.
 */

// biome-ignore lint/suspicious/noExplicitAny: payloads from the wire have any shape; tests narrow them.
export type Json = Record<string, any>;

export const ACTIVITY_STREAMS = 'https://www.w3.org/ns/activitystreams';
export const PUBLIC_COLLECTION = 'https://www.w3.org/ns/activitystreams#Public';

/** JsonLdHelper#as_array: one value or many, as an array. */
export function asArray<T>(value: T | T[] | null | undefined): T[] {
  if (value === null || value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** JsonLdHelper#value_or_id: an embedded object's id, or the URI itself. */
export function valueOrId(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as Json).id === 'string') {
    return (value as Json).id;
  }
  return undefined;
}

/** TagManager#public_collection?: the three spellings Mastodon takes for the public audience. */
export const isPublicCollection = (uri: string | undefined) =>
  uri === PUBLIC_COLLECTION || uri === 'as:Public' || uri === 'Public';

/** JsonLdHelper#url_to_href: `url` as a string, or the href of the Link with that media type. */
export function urlToHref(value: unknown, mediaType?: string): string | undefined {
  const candidates = asArray(value as unknown[]);
  const links = candidates.map((candidate) =>
    typeof candidate === 'string' ? { href: candidate } : (candidate as Json),
  );
  const chosen =
    links.find((link) => mediaType !== undefined && link.mediaType === mediaType) ?? links[0];
  return typeof chosen?.href === 'string' ? chosen.href : undefined;
}

/** StatusParser#text: `content`, or the first value of `contentMap`. */
export function contentOf(object: Json): string | undefined {
  if (typeof object.content === 'string' && object.content !== '') return object.content;
  const map = object.contentMap;
  if (map && typeof map === 'object') return Object.values(map as Record<string, string>)[0];
  return undefined;
}

/** Whether a document's @context includes ActivityStreams, as the string or in an array. */
export const hasActivityStreamsContext = (document: Json) =>
  asArray(document['@context']).includes(ACTIVITY_STREAMS);
