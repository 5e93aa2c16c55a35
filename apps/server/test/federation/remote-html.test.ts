import { describe, expect, it } from 'vitest';
import { remoteHtmlToText, sanitizeRemoteHtml } from '../../src/federation/remote-html.js';

// A whisp as Mastodon sends it: a mention inside an h-card, a hashtag, and a long link shortened
// with its hidden scheme and tail (app/lib/text_formatter.rb).
const MASTODON_MENTION =
  '<span class="h-card" translate="no"><a href="https://mastodon.social/@Gargron" class="u-url mention">@<span>Gargron</span></a></span>';
const MASTODON_HASHTAG =
  '<a href="https://mastodon.social/tags/fediverse" class="mention hashtag" rel="tag">#<span>fediverse</span></a>';
const MASTODON_LINK =
  '<a href="https://example.com/a/very/long/path/here" target="_blank" rel="nofollow noopener noreferrer" translate="no"><span class="invisible">https://</span><span class="ellipsis">example.com/a/very/lon</span><span class="invisible">g/path/here</span></a>';
const MASTODON_STATUS = `<p>Hi ${MASTODON_MENTION} look ${MASTODON_HASHTAG}</p><p>second<br />line ${MASTODON_LINK}</p>`;

describe('sanitizeRemoteHtml', () => {
  it('keeps Mastodon’s mention, hashtag and shortened-link markup, links opening in a new tab', () => {
    expect(sanitizeRemoteHtml(MASTODON_STATUS)).toBe(
      '<p>Hi <span class="h-card" translate="no"><a href="https://mastodon.social/@Gargron" class="u-url mention" rel="nofollow noopener" target="_blank">@<span>Gargron</span></a></span>' +
        ' look <a href="https://mastodon.social/tags/fediverse" class="mention hashtag" rel="nofollow noopener" target="_blank">#<span>fediverse</span></a></p>' +
        '<p>second<br />line <a href="https://example.com/a/very/long/path/here" target="_blank" rel="nofollow noopener" translate="no">' +
        '<span class="invisible">https://</span><span class="ellipsis">example.com/a/very/lon</span><span class="invisible">g/path/here</span></a></p>',
    );
  });

  it('removes scripts and styles with their content', () => {
    const clean = sanitizeRemoteHtml(
      '<script>alert("hi")</script><p>before<style>p { display: none }</style>after</p><SCRIPT src="https://evil.example/x.js"></SCRIPT>',
    );
    expect(clean).toBe('<p>beforeafter</p>');
  });

  it('drops event handlers, inline styles and images that could run or track', () => {
    const clean = sanitizeRemoteHtml(
      '<p onclick="steal()" style="position:fixed">a<img src="x" onerror="alert(1)">b<span onmouseover="x()" style="color:red">c</span></p>',
    );
    expect(clean).toBe('<p>ab<span>c</span></p>');
  });

  it('turns links with javascript:, data:, relative or unknown schemes into their text', () => {
    const clean = sanitizeRemoteHtml(
      '<a href="javascript:alert(1)">one</a> <a href="JaVaScRiPt:alert(1)">two</a> ' +
        '<a href="&#106;avascript:alert(1)">three</a> <a href="data:text/html,<script>alert(1)</script>">four</a> ' +
        '<a href="/relative">five</a> <a href="//protocol.example/relative">six</a> <a>seven</a> ' +
        '<a href="vbscript:x">eight</a>',
    );
    expect(clean).toBe('one two three four five six seven eight');
  });

  it('keeps the other schemes Mastodon links, and refuses the rest', () => {
    const kept = ['http://a.example/', 'gemini://b.example/', 'magnet:?xt=urn:btih:c', 'xmpp:d@e'];
    for (const href of kept) {
      expect(sanitizeRemoteHtml(`<a href="${href}">x</a>`)).toContain(`href="${href}"`);
    }
    for (const href of [
      'ftp://a.example/',
      'mailto:a@b.example',
      'tel:+100',
      'file:///etc/passwd',
    ]) {
      expect(sanitizeRemoteHtml(`<a href="${href}">x</a>`)).toBe('x');
    }
  });

  it('removes iframes, embeds and SVG with everything inside them', () => {
    const clean = sanitizeRemoteHtml(
      '<iframe src="https://evil.example"><p>fallback</p></iframe><svg><text>drawn</text><script>x()</script></svg>' +
        '<math><mi>x</mi></math><noscript><p>no script</p></noscript><object data="x.swf">obj</object>kept',
    );
    expect(clean).toBe('kept');
  });

  it('unwraps nested unknown elements, keeping their text and allowed children', () => {
    const clean = sanitizeRemoteHtml(
      '<custom-card><foo><bar>deep <b>bold</b> <marquee>moving</marquee></bar></foo></custom-card>',
    );
    expect(clean).toBe('deep <b>bold</b> moving');
  });

  it('keeps words apart where unwrapped blocks stood, and makes headings paragraphs', () => {
    expect(sanitizeRemoteHtml('<div>one</div><div>two</div>')).toBe(' one two');
    expect(sanitizeRemoteHtml('<h2>Title</h2><p>Body</p>')).toBe('<p>Title</p><p>Body</p>');
  });

  it('keeps only the allowed classes and a translate="no"', () => {
    const clean = sanitizeRemoteHtml(
      '<p class="lead"><a href="https://x.example" class="mention evil u-photo" translate="yes">a</a>' +
        '<span class="invisible tracking-pixel h-entry" translate="no">b</span></p>',
    );
    expect(clean).toBe(
      '<p><a href="https://x.example" class="mention" rel="nofollow noopener" target="_blank">a</a>' +
        '<span class="invisible h-entry" translate="no">b</span></p>',
    );
  });

  it('keeps list numbering, quotes, code and ruby annotations', () => {
    const html =
      '<ol start="3" reversed><li value="5">one</li></ol><ul><li>dot</li></ul><blockquote><p>quoted</p></blockquote>' +
      '<pre><code>let x = 1;</code></pre><p><del>old</del> <s>struck</s> <u>u</u> <i>i</i> <em>em</em> <strong>s</strong></p>' +
      '<ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp></ruby>';
    expect(sanitizeRemoteHtml(html)).toBe(html);
  });

  it('escapes text that looks like markup and forms that could be submitted', () => {
    expect(sanitizeRemoteHtml('<p>1 &lt; 2 &amp;&amp; <b>3 > 2</b></p>')).toBe(
      '<p>1 &lt; 2 &amp;&amp; <b>3 &gt; 2</b></p>',
    );
    expect(
      sanitizeRemoteHtml(
        '<form action="https://evil.example"><input name="password"><button>Send</button></form>',
      ),
    ).toBe('Send');
  });
});

describe('remoteHtmlToText', () => {
  it('reads a Mastodon whisp as its text: a blank line between paragraphs, links as shown in full', () => {
    expect(remoteHtmlToText(sanitizeRemoteHtml(MASTODON_STATUS))).toBe(
      'Hi @Gargron look #fediverse\n\nsecond\nline https://example.com/a/very/long/path/here',
    );
  });

  it('turns each <br> into a line break and decodes entities', () => {
    expect(
      remoteHtmlToText('<p>one<br>two<br/><br />four &amp; &lt;five&gt; &quot;six&quot;</p>'),
    ).toBe('one\ntwo\n\nfour & <five> "six"');
  });

  it('collapses the source’s whitespace as a browser shows it, except in <pre>', () => {
    expect(remoteHtmlToText('<p>\n  spread\n   over   lines\n</p>\n\n<p>  next </p>')).toBe(
      'spread over lines\n\nnext',
    );
    expect(remoteHtmlToText('<p>code:</p><pre>  indented\n    more</pre>')).toBe(
      'code:\n\n  indented\n    more',
    );
  });

  it('puts list items on lines of their own and quotes in paragraphs', () => {
    expect(
      remoteHtmlToText(
        '<p>List:</p><ul><li>one</li><li>two</li></ul><blockquote><p>quoted</p></blockquote>end',
      ),
    ).toBe('List:\n\none\ntwo\n\nquoted\n\nend');
  });

  it('keeps no trace of scripts, styles or tags, and trims', () => {
    expect(
      remoteHtmlToText(
        '  <script>alert(1)</script><style>p{}</style><p><b>bold</b> <i>it</i></p>  ',
      ),
    ).toBe('bold it');
    expect(remoteHtmlToText('')).toBe('');
    expect(remoteHtmlToText('<p></p><p> </p>')).toBe('');
  });

  it('reads a paragraph without its closing tag, and text after the last paragraph', () => {
    expect(remoteHtmlToText('<p>first<p>second</p>after')).toBe('first\n\nsecond\n\nafter');
  });
});
