import { createWhispClient, type WhispClient } from '@whisp/api-client';

/** The app talks to the server that served it, so the API host is the page's own origin. */
export const client: WhispClient = createWhispClient({ baseUrl: '' });
