import type { MastodonMediaAttachment } from '@whisp/api-client/contract/mastodon';
import type { PostMediaShape } from '../posts/media-items.js';
import type { MastodonUrls } from './urls.js';

// A whisp's picture or video as a Mastodon MediaAttachment (entities/MediaAttachment.md), made
// from Whisp's own shape of it (posts/media-items.ts), under its upload's Mastodon id
// (0028_mastodon_media_ids.sql): a status shows the id its upload answered.

const MEDIA_TYPES = { image: 'image', animated: 'gifv', video: 'video' } as const;

export function toMastodonAttachment(
  media: PostMediaShape,
  id: string,
  urls: MastodonUrls,
): MastodonMediaAttachment {
  const url = urls.absolute(media.url);
  return {
    id,
    type: MEDIA_TYPES[media.kind],
    url,
    // Apps show the preview in timelines: the file itself where there is none (a video).
    preview_url: media.preview_url === null ? url : urls.absolute(media.preview_url),
    remote_url: null,
    // Tusky needs a picture's size (docs/mastodon-clients.md, section 3); a video's is not read
    // (no ffmpeg), and a key left out is better than a made-up size.
    meta:
      media.width !== null && media.height !== null
        ? {
            original: {
              width: media.width,
              height: media.height,
              size: `${media.width}x${media.height}`,
              aspect: media.width / media.height,
            },
          }
        : {},
    description: media.alt,
    blurhash: media.blurhash,
  };
}
