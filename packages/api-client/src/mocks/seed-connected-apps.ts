import { OAUTH_OUT_OF_BAND } from '../contract/connected-apps.js';
import type { Id } from '../models.js';
import type { MockData } from './store/records.js';

/** A registered app as a story or test names it (the store adds when it was registered). */
export interface MockOauthApp {
  id: Id;
  client_id: string;
  name: string;
  website: string | null;
  redirect_uris: readonly string[];
  scopes: readonly string[];
}

/**
 * Connected apps (Mastodon client API 1.2) in the mocks: apps registered on the mock server, as
 * POST /api/v1/apps would have left them (the mocks serve Whisp's own API only, so they are
 * seeded rather than registered), and the apps the viewer already authorized.
 */
export const MOCK_OAUTH_APPS = {
  /** An app to authorize: the consent page's stories and tests ask for it. */
  iceCubes: {
    id: 'app-ice-cubes',
    client_id: 'demo-mastodon-app',
    name: 'Ice Cubes',
    website: 'https://github.com/Dimillian/IceCubesApp',
    redirect_uris: ['icecubesapp://'],
    scopes: ['read', 'write', 'follow', 'push'],
  },
  /** An app with no address of its own: the member copies a code into it. */
  terminal: {
    id: 'app-toot-terminal',
    client_id: 'demo-out-of-band-app',
    name: 'Toot Terminal',
    website: null,
    redirect_uris: [OAUTH_OUT_OF_BAND],
    scopes: ['read', 'write'],
  },
  /** Authorized by the viewer a month ago, in use this morning. */
  elk: {
    id: 'app-elk',
    client_id: 'demo-elk',
    name: 'Elk',
    website: 'https://elk.zone',
    redirect_uris: ['https://elk.zone/api/whisp.test/oauth'],
    scopes: ['read', 'write', 'follow', 'push'],
  },
  /** Authorized by the viewer long ago, last used a fortnight ago, with fewer scopes. */
  tusky: {
    id: 'app-tusky',
    client_id: 'demo-tusky',
    name: 'Tusky',
    website: 'https://tusky.app',
    redirect_uris: ['oauth2redirect://com.keylesspalace.tusky/'],
    scopes: ['read', 'write', 'follow', 'push'],
  },
} as const satisfies Record<string, MockOauthApp>;

interface SeedOptions {
  /** Minutes before the fixture epoch, as an ISO time: the seeded past. */
  at: (minutesAgo: number) => string;
}

const DAY = 60 * 24;

/** Every data set knows the registered apps: they are the server's, not a member's list. */
export function seedOauthApps(data: MockData, { at }: SeedOptions) {
  for (const app of Object.values(MOCK_OAUTH_APPS)) {
    data.oauthApps.push({
      ...app,
      redirect_uris: [...app.redirect_uris],
      scopes: [...app.scopes],
      created_at: at(DAY * 400),
    });
  }
}

/** The default data set's viewer has authorized Elk and Tusky; Ice Cubes is still to authorize. */
export function seedConnectedApps(
  data: MockData,
  { viewerId, at }: SeedOptions & { viewerId: Id },
) {
  data.connectedApps.push(
    {
      user_id: viewerId,
      app_id: MOCK_OAUTH_APPS.elk.id,
      scopes: ['read', 'write', 'follow', 'push'],
      authorized_at: at(DAY * 30),
      last_used_at: at(95),
    },
    {
      user_id: viewerId,
      app_id: MOCK_OAUTH_APPS.tusky.id,
      scopes: ['read', 'write', 'follow'],
      authorized_at: at(DAY * 200),
      last_used_at: at(DAY * 14),
    },
  );
}
