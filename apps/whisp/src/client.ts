import { createWhispClient, type WhispClient } from '@whisp/api-client';
import { adoptEarlyResponses, EARLY_REQUESTS_GLOBAL } from './boot/earlyRequests';

/**
 * The app talks to the server that served it, so the API host is the page's own origin. Its
 * first requests take the answers the boot script in index.html already asked for.
 */
export const client: WhispClient = createWhispClient({
  baseUrl: '',
  fetch: adoptEarlyResponses(window.fetch.bind(window), window[EARLY_REQUESTS_GLOBAL], () =>
    performance.now(),
  ),
});
