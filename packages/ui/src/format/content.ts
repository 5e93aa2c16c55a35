import {
  HASHTAG_PATTERN_SOURCE,
  LINK_PATTERN_SOURCE,
  MENTION_PATTERN_SOURCE,
  REMOTE_MENTION_PATTERN_SOURCE,
} from '@whisp/api-client/contract/text';

/** A run of a whisp's text, ready to render: plain text or something to link. */
export type ContentSegment =
  | { type: 'text'; text: string }
  /** `username` is the member's `acct`: `ada`, or `alice@remote.example` for another server's. */
  | { type: 'mention'; text: string; username: string; href: string }
  | { type: 'hashtag'; text: string; tag: string; href: string }
  | { type: 'link'; text: string; href: string }
  | { type: 'video'; text: string; href: string; embed: VideoEmbed };

export interface VideoEmbed {
  provider: 'youtube' | 'vimeo';
  id: string;
  /** A privacy-enhanced player address: youtube-nocookie, Vimeo with do-not-track. */
  embedUrl: string;
  title: string;
}

// Links first (so a `#fragment` or `@` inside a URL stays part of it), then mentions (of another
// server's members, `@alice@remote.example`, and of this one's) and hashtags, each by the rule
// the server parses them with.
const TOKEN = new RegExp(
  `(${LINK_PATTERN_SOURCE})|${REMOTE_MENTION_PATTERN_SOURCE}|${MENTION_PATTERN_SOURCE}|${HASHTAG_PATTERN_SOURCE}`,
  'gu',
);

/** Splits a whisp's content into text, @mentions, #hashtags, links and video links. */
export function parseContent(content: string): ContentSegment[] {
  const segments: ContentSegment[] = [];
  let last = 0;
  for (const match of content.matchAll(TOKEN)) {
    const index = match.index ?? 0;
    if (index > last) segments.push({ type: 'text', text: content.slice(last, index) });
    const [text, url, remoteUsername, remoteHost, localUsername, tag] = match;
    const username =
      remoteUsername && remoteHost
        ? `${remoteUsername}@${remoteHost.toLowerCase()}`
        : localUsername;
    if (url) {
      const embed = videoEmbedFor(url);
      segments.push(
        embed ? { type: 'video', text, href: url, embed } : { type: 'link', text, href: url },
      );
    } else if (username) {
      segments.push({ type: 'mention', text, username, href: mentionHref(username) });
    } else if (tag) {
      segments.push({ type: 'hashtag', text, tag, href: hashtagHref(tag) });
    }
    last = index + text.length;
  }
  if (last < content.length) segments.push({ type: 'text', text: content.slice(last) });
  return segments;
}

/** Product spec: a mention goes to /user/{name} (`name@host` for a member of another server). */
export function mentionHref(username: string): string {
  return `/user/${encodeURIComponent(username)}`;
}

/** Product spec: a hashtag goes to /search?q=%23{tag}. */
export function hashtagHref(tag: string): string {
  return `/search?q=${encodeURIComponent(`#${tag}`)}`;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** The embeddable player for a YouTube or Vimeo address, or undefined for any other link. */
export function videoEmbedFor(href: string): VideoEmbed | undefined {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return undefined;
  }
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  let youtubeId: string | undefined;
  if (host === 'youtu.be') youtubeId = url.pathname.slice(1).split('/')[0];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (url.pathname === '/watch') youtubeId = url.searchParams.get('v') ?? undefined;
    else {
      const [, kind, id] = url.pathname.split('/');
      if (kind === 'shorts' || kind === 'embed' || kind === 'live') youtubeId = id;
    }
  }
  if (youtubeId && YOUTUBE_ID.test(youtubeId)) {
    return {
      provider: 'youtube',
      id: youtubeId,
      embedUrl: `https://www.youtube-nocookie.com/embed/${youtubeId}`,
      title: 'YouTube video player',
    };
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = url.pathname.split('/').find((part) => /^\d+$/.test(part));
    if (id) {
      return {
        provider: 'vimeo',
        id,
        embedUrl: `https://player.vimeo.com/video/${id}?dnt=1`,
        title: 'Vimeo video player',
      };
    }
  }
  return undefined;
}
