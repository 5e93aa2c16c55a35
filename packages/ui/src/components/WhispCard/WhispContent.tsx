import Play from 'lucide-react/icons/play';
import { Fragment, memo, useMemo, useState } from 'react';
import { type ContentSegment, parseContent, type VideoEmbed } from '../../format/content.js';
import type { LinkComponent } from '../../utilities/link.js';
import * as styles from './WhispCard.css.js';

export interface WhispContentProps {
  /** The whisp's text: mentions, hashtags and links become links, everything else stays text. */
  content: string;
  /** Renders the mention, hashtag and link targets (the app's router link). */
  Link: LinkComponent;
  /** Embedded players for YouTube and Vimeo links (the first one only). */
  embedVideos?: boolean;
}

/**
 * A whisp's text with its mentions, hashtags and links as links, and its first video embedded.
 * Memoised on its text: a like or a pending state re-renders the card, never its parsed text.
 */
export const WhispContent = memo(function WhispContent({
  content,
  Link,
  embedVideos = true,
}: WhispContentProps) {
  const segments = useMemo(() => parseContent(content), [content]);
  const embed = embedVideos
    ? segments.find((segment) => segment.type === 'video')?.embed
    : undefined;
  if (!content.trim()) return null;
  return (
    <>
      <p className={styles.content}>
        {segments.map((segment, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional and never reorder.
          <Fragment key={index}>{renderSegment(segment, Link)}</Fragment>
        ))}
      </p>
      {embed ? <VideoPlayer embed={embed} /> : null}
    </>
  );
});

function renderSegment(segment: ContentSegment, Link: LinkComponent) {
  switch (segment.type) {
    case 'text':
      return segment.text;
    case 'mention':
    case 'hashtag':
      return (
        <Link href={segment.href} className={styles.inlineLink}>
          {segment.text}
        </Link>
      );
    case 'link':
    case 'video':
      return (
        // Members' links leave the app: a new tab, no referrer or opener, and no endorsement.
        <a
          href={segment.href}
          className={styles.inlineLink}
          target="_blank"
          rel="noopener noreferrer nofollow ugc"
        >
          {shortenUrl(segment.text)}
        </a>
      );
  }
}

/** `https://www.example.com/a/very/long/path` → `example.com/a/very/long…` for reading. */
function shortenUrl(url: string): string {
  const bare = url.replace(/^https?:\/\/(www\.)?/, '');
  return bare.length > 40 ? `${bare.slice(0, 38)}…` : bare;
}

/**
 * The player loads only when asked: until then no request goes to YouTube or Vimeo (privacy, and
 * a feed of ten videos stays light). Then the privacy-enhanced player, sandboxed, autoplays.
 */
function VideoPlayer({ embed }: { embed: VideoEmbed }) {
  const [loaded, setLoaded] = useState(false);
  const provider = embed.provider === 'youtube' ? 'YouTube' : 'Vimeo';
  return (
    <div className={styles.embed} data-provider={embed.provider}>
      {loaded ? (
        <iframe
          className={styles.embedFrame}
          src={`${embed.embedUrl}${embed.embedUrl.includes('?') ? '&' : '?'}autoplay=1`}
          title={embed.title}
          loading="lazy"
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
        />
      ) : (
        <button type="button" className={styles.embedFacade} onClick={() => setLoaded(true)}>
          <span className={styles.playIcon} aria-hidden="true">
            <Play fill="currentColor" />
          </span>
          Play {provider} video
          <span className={styles.embedNote}>Loads the player from {provider}</span>
        </button>
      )}
    </div>
  );
}
