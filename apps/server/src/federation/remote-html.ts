import sanitizeHtml, { type IOptions } from 'sanitize-html';

/**
 * The HTML of another server's whisps and profiles, made safe before it is stored or shown, by the
 * allow-list Mastodon applies to the same content (its `Sanitize::Config::MASTODON_STRICT`): what
 * renders on Mastodon renders here, and nothing that could run, restyle the page or track a reader
 * survives. Tests: test/federation/remote-html.test.ts.
 */

/** The schemes a remote link may use; any other link (javascript:, data:, relative) is its text. */
const LINK_SCHEMES = [
  'http',
  'https',
  'dat',
  'dweb',
  'ipfs',
  'ipns',
  'ssb',
  'gopher',
  'xmpp',
  'magnet',
  'gemini',
];

// The microformats and Mastodon's own classes its web app styles mentions, hashtags and shortened
// links with; any other class could borrow the reader's page styles.
const ALLOWED_CLASSES = [/^h-/, 'u-url', 'mention', 'hashtag', 'invisible', 'ellipsis'];

// Dropped with everything inside, as the sanitize gem Mastodon uses does (`remove_contents`):
// their text is code, a stylesheet or a fallback nobody was meant to read as the whisp.
const REMOVED_WITH_CONTENT = [
  'script',
  'style',
  'iframe',
  'math',
  'noembed',
  'noframes',
  'noscript',
  'plaintext',
  'svg',
  'xmp',
  'textarea',
  'option',
  'template',
  'title',
  'head',
  'object',
];

// Headings become paragraphs (Mastodon makes them bold paragraphs), so a federated article's
// title stays a line of its own.
const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

// Blocks that are unwrapped (their text kept) but would glue words together without them: a space
// stands where they were, as the sanitize gem's `whitespace_elements` do.
const UNWRAPPED_BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'caption',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'header',
  'hr',
  'main',
  'nav',
  'section',
  'summary',
  'table',
  'td',
  'th',
  'tr',
]);

const SCHEME = /^\s*([a-z][a-z0-9+.-]*):/i;

function isAllowedLink(href: string | undefined) {
  const scheme = href ? SCHEME.exec(href)?.[1]?.toLowerCase() : undefined;
  return scheme !== undefined && LINK_SCHEMES.includes(scheme);
}

// Mastodon keeps `translate` only to say "do not translate this" (a name, a code).
function withoutTranslateUnlessNo(attributes: sanitizeHtml.Attributes) {
  const { translate, ...rest } = attributes;
  return translate === 'no' ? { ...rest, translate } : rest;
}

/**
 * Options shared by both passes: the removed elements, headings as paragraphs, and a space where
 * an unwrapped block stood. Made per call, because the space is state of one parse.
 */
function baseOptions(allowedTags: string[]): IOptions {
  let separate = false;
  const markBlock = (tagName: string) => {
    if (UNWRAPPED_BLOCKS.has(tagName)) separate = true;
  };
  return {
    allowedTags,
    nonTextTags: REMOVED_WITH_CONTENT,
    disallowedTagsMode: 'discard',
    transformTags: Object.fromEntries(HEADINGS.map((heading) => [heading, 'p'])),
    onOpenTag: markBlock,
    onCloseTag: markBlock,
    textFilter: (text) => {
      if (!separate || text === '') return text;
      separate = false;
      return ` ${text}`;
    },
  };
}

/**
 * Remote HTML reduced to Mastodon's allow-list: p br span a del s pre blockquote code b strong u i
 * em ul ol li ruby rt rp. Other elements are unwrapped (their text kept), scripts, styles and
 * embeds removed with their content, links keep http(s) and the other schemes of LINK_SCHEMES only
 * (any other becomes its text) and open in a new tab that cannot reach back into Whisp's page
 * (`noopener`) and lends the remote site no ranking (`nofollow`).
 */
export function sanitizeRemoteHtml(html: string): string {
  const base = baseOptions([
    'p',
    'br',
    'span',
    'a',
    'del',
    's',
    'pre',
    'blockquote',
    'code',
    'b',
    'strong',
    'u',
    'i',
    'em',
    'ul',
    'ol',
    'li',
    'ruby',
    'rt',
    'rp',
  ]);
  return sanitizeHtml(html, {
    ...base,
    allowedAttributes: {
      a: ['href', 'rel', 'class', 'translate', 'target'],
      span: ['class', 'translate'],
      ol: ['start', 'reversed'],
      li: ['value'],
    },
    allowedClasses: { a: ALLOWED_CLASSES, span: ALLOWED_CLASSES },
    allowedSchemes: LINK_SCHEMES,
    allowedSchemesByTag: {},
    allowProtocolRelative: false,
    transformTags: {
      ...base.transformTags,
      a: (tagName, attributes) => ({
        tagName,
        attribs: {
          ...withoutTranslateUnlessNo(attributes),
          ...(attributes.href === undefined ? {} : { href: attributes.href.trim() }),
          rel: 'nofollow noopener',
          target: '_blank',
        },
      }),
      span: (tagName, attributes) => ({ tagName, attribs: withoutTranslateUnlessNo(attributes) }),
    },
    exclusiveFilter: (frame) =>
      frame.tag === 'a' && !isAllowedLink(frame.attribs.href) ? 'excludeTag' : false,
  });
}

// What sanitize-html leaves escaped in text; anything else it decoded while parsing.
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};
const decodeEntities = (text: string) =>
  text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);

/** Blocks that end a paragraph (a blank line) or a line (a list item). */
const PARAGRAPH_TAGS = new Set(['p', 'pre', 'blockquote', 'ul', 'ol']);
const STRUCTURE_TAGS = ['br', 'li', ...PARAGRAPH_TAGS];

/**
 * The plain text of a remote whisp, for its `content` (what search indexes and Whisp's own clients
 * show): a line break per <br>, a blank line between paragraphs, one line per list item, links as
 * the text they show (with Mastodon's hidden `https://` and the shortened part in full, so the URL
 * reads whole), whitespace collapsed as a browser would outside <pre>, entities decoded.
 */
export function remoteHtmlToText(html: string): string {
  // Every tag left is bare (`<p>`, `</li>`, `<br />`) and every `<` of the text is escaped, so the
  // split below reads tags exactly.
  const structure = sanitizeHtml(html, { ...baseOptions(STRUCTURE_TAGS), allowedAttributes: {} });
  let text = '';
  let preformatted = 0;
  const endLines = (count: number) => {
    text = text.replace(/ +$/, '');
    if (text === '') return;
    const present = /\n*$/.exec(text)?.[0].length ?? 0;
    if (present < count) text += '\n'.repeat(count - present);
  };

  for (const part of structure.split(/(<[^>]*>)/)) {
    const tag = /^<(\/?)([a-z]+)/.exec(part);
    if (!tag) {
      const decoded = decodeEntities(part);
      if (preformatted > 0) {
        text += decoded;
        continue;
      }
      const collapsed = decoded.replace(/[\t\n\f\r ]+/g, ' ');
      text +=
        text === '' || text.endsWith('\n') || text.endsWith(' ')
          ? collapsed.trimStart()
          : collapsed;
      continue;
    }
    const [, closing, name = ''] = tag;
    if (name === 'br') {
      text = text.replace(/ +$/, '');
      text += '\n';
    } else if (name === 'li') {
      endLines(1);
    } else if (PARAGRAPH_TAGS.has(name)) {
      if (name === 'pre') preformatted += closing ? -1 : 1;
      endLines(2);
    }
  }
  return text.trim();
}
