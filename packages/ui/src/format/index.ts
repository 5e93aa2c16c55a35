export type { ContentSegment, VideoEmbed } from './content.js';
export { hashtagHref, mentionHref, parseContent, videoEmbedFor } from './content.js';
export { formatCount } from './count.js';
export { countGraphemes } from './graphemes.js';
export {
  formatClockTime,
  formatDaySeparator,
  formatFullDateTime,
  formatJoinedDate,
  formatRelativeTime,
} from './relativeTime.js';
