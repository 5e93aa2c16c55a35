// The boot script: built by vite-plugins/boot.ts into a script inside index.html, so it runs as
// the page is parsed, before the app's code has arrived. It starts the requests the first screen
// needs, starts downloading that screen's code, and applies the stored theme to the boot screen.
import {
  CURRENT_USER_PATH,
  createFetcher,
  createLocalStorageTokenStore,
  FEED_PATHS,
  HEALTH_PATH,
} from '@whisp/api-client';
import { PAGE_SIZE } from '@whisp/api-client/limits';
import { storedTheme } from '../app/themePreference';
import { EARLY_REQUESTS_GLOBAL, type EarlyRequest, earlyRequestRecorder } from './earlyRequests';
import { firstFeedOf } from './firstScreen';

/** The files each screen needs beyond the entry's, as indexes into `files` (it is inlined). */
export interface ScreenAssets {
  files: string[];
  /** By path; only paths without parameters. */
  screens: Record<string, number[]>;
  /** Signed out, every path shows the sign-in screen (product-spec section 2). */
  auth: number[];
}

declare const __WHISP_SCREEN_ASSETS__: ScreenAssets;

const ignore = () => {};

/** Returns whether a token is stored (the visit will be signed in unless the server refuses it). */
function startEarlyRequests(pathname: string): boolean {
  const requests: EarlyRequest[] = [];
  window[EARLY_REQUESTS_GLOBAL] = requests;
  const tokenStore = createLocalStorageTokenStore();
  // The client's own request function, so URLs and headers are exactly those the app will send.
  const request = createFetcher({
    baseUrl: '',
    tokenStore,
    fetch: earlyRequestRecorder(window.fetch.bind(window), requests, () => performance.now()),
  });
  request(HEALTH_PATH, { auth: 'none' }).catch(ignore);
  if (tokenStore.get() === null) return false;
  request(CURRENT_USER_PATH).catch(ignore);
  const feed = firstFeedOf(pathname);
  // As client.posts.feedPage(feed, { limit: PAGE_SIZE }) asks for the first page.
  if (feed) request(FEED_PATHS[feed], { query: { limit: PAGE_SIZE } }).catch(ignore);
  return true;
}

function preload(files: string[]) {
  // On a slow start the entry can ask for its screen before this frame comes, and Vite's preload
  // helper has then linked those files already: a second link would only repeat them.
  const linked = new Set([...document.head.querySelectorAll('link')].map((link) => link.href));
  for (const file of files) {
    if (linked.has(new URL(file, document.baseURI).href)) continue;
    const link = document.createElement('link');
    if (file.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
    } else {
      link.rel = 'modulepreload';
    }
    // As Vite's own preloads: same-origin module requests are CORS requests.
    link.crossOrigin = '';
    link.href = file;
    document.head.appendChild(link);
  }
}

try {
  const theme = storedTheme();
  if (theme) document.documentElement.style.colorScheme = theme;
  const signedIn = startEarlyRequests(window.location.pathname);
  const assets = __WHISP_SCREEN_ASSETS__;
  const needed = signedIn ? assets.screens[window.location.pathname] : assets.auth;
  const files = (needed ?? []).flatMap((index) => assets.files[index] ?? []);
  // Just before the boot screen's first frame rather than now: a dozen links cost the parser
  // milliseconds (tens on a slow phone) that would hold that frame back, and the entry, already
  // on its way, is needed before these chunks are. A hidden page draws no frame: at once, then.
  if (document.hidden) preload(files);
  else requestAnimationFrame(() => preload(files));
} catch {
  // Only a head start: whatever failed here, the app asks for itself.
}
