import {
  HASHTAG_PATTERN_SOURCE,
  LINK_PATTERN_SOURCE,
  MENTION_PATTERN_SOURCE,
} from '@whisp/api-client/contract';

// Whisps and bios are plain text; Mastodon apps read HTML (entities/Status.md#content). The text
// is escaped, and links, mentions and hashtags become anchors as Mastodon writes them (apps style
// and open them by these classes): the same patterns the web app links by.

const TOKEN = new RegExp(
  `(${LINK_PATTERN_SOURCE})|${MENTION_PATTERN_SOURCE}|${HASHTAG_PATTERN_SOURCE}`,
  'gu',
);

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

export interface HtmlLinks {
  /** The web app's address of a member's profile. */
  profileUrl(username: string): string;
  /** The web app's address of a hashtag's whisps. */
  hashtagUrl(tag: string): string;
  /** Usernames (lower-cased) that are members: any other `@name` stays text. */
  members: ReadonlySet<string>;
}

function linkLine(line: string, links: HtmlLinks): string {
  let html = '';
  let at = 0;
  for (const match of line.matchAll(TOKEN)) {
    const index = match.index ?? 0;
    html += escapeHtml(line.slice(at, index));
    const [whole, url, username, tag] = match;
    if (url !== undefined) {
      const href = escapeHtml(url);
      html += `<a href="${href}" rel="nofollow noopener noreferrer" target="_blank">${href}</a>`;
    } else if (username !== undefined && links.members.has(username.toLowerCase())) {
      const href = escapeHtml(links.profileUrl(username));
      html += `<span class="h-card"><a href="${href}" class="u-url mention">@<span>${escapeHtml(username)}</span></a></span>`;
    } else if (tag !== undefined) {
      const href = escapeHtml(links.hashtagUrl(tag));
      html += `<a href="${href}" class="mention hashtag" rel="tag">#<span>${escapeHtml(tag)}</span></a>`;
    } else {
      html += escapeHtml(whole);
    }
    at = index + whole.length;
  }
  return html + escapeHtml(line.slice(at));
}

/**
 * Plain text → Mastodon's HTML: a paragraph for each block between blank lines, `<br />` for a
 * line break inside one. Empty text is an empty string.
 */
export function toMastodonHtml(text: string, links: HtmlLinks): string {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter((block) => block !== '');
  return paragraphs
    .map(
      (block) =>
        `<p>${block
          .split('\n')
          .map((line) => linkLine(line, links))
          .join('<br />')}</p>`,
    )
    .join('');
}
