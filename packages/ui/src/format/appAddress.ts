// How an app's addresses read to a member (connected apps): its website, which only becomes a
// link when it is a web page (an app registers it itself, and `javascript:` is an address too),
// and where a consent sends the member back to.

/** An app's website as a link: its host for the text, the address for `href`; null when not http(s). */
export function websiteLink(
  website: string | null | undefined,
): { href: string; label: string } | null {
  if (!website) return null;
  let url: URL;
  try {
    url = new URL(website);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return { href: url.href, label: url.host.replace(/^www\./, '') };
}

/**
 * Where a redirect URI takes the member, in few words: a web address by its host
 * (`elk.zone`, `127.0.0.1:4567`), an app's own address (`icecubesapp://`) as written.
 */
export function returnPlace(redirectUri: string): string {
  try {
    const url = new URL(redirectUri);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.host;
  } catch {
    // Not an address a URL parser reads: shown as the app registered it.
  }
  return redirectUri;
}
