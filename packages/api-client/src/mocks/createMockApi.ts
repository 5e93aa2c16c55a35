import type { HttpHandler } from 'msw';
import { accountHandlers } from './handlers/account.js';
import { accountDataHandlers } from './handlers/account-data.js';
import { composerHandlers } from './handlers/composer.js';
import { connectedAppHandlers } from './handlers/connected-apps.js';
import { identityHandlers } from './handlers/identities.js';
import { inboxHandlers } from './handlers/inbox.js';
import { moderationHandlers } from './handlers/moderation.js';
import { postHandlers } from './handlers/posts.js';
import { preferencesHandlers } from './handlers/preferences.js';
import { privacyHandlers } from './handlers/privacy.js';
import { safetyHandlers } from './handlers/safety.js';
import type { HandlerContext, MockScenario } from './handlers/shared.js';
import { healthAndUserHandlers } from './handlers/users.js';
import { createMockStore, type MockStore } from './store/createMockStore.js';
import type { MockOidcProvider } from './store/identities.js';

export interface MockApiOptions {
  scenario?: MockScenario;
  /** The API host the client calls; omitted, the handlers answer on any origin. */
  baseUrl?: string;
  /** Varies the seeded network (likes, follows); the same seed gives the same data. */
  seed?: number;
  /** How long `slow` waits before answering (default 1500 ms). */
  delayMs?: number;
  /** The clock of new writes (tests pin it). */
  now?: () => Date;
  /**
   * The sign-in providers configured, with what each answers (default: "Example ID", where a
   * new member signs in; `[]`: none configured).
   */
  oidcProviders?: MockOidcProvider[];
}

export interface MockApi {
  /** MSW request handlers for every endpoint of the contract (setupServer, setupWorker, Storybook). */
  handlers: HttpHandler[];
  /** The in-memory data behind them: inspect it in tests, or reset it. */
  store: MockStore;
  scenario(): MockScenario;
  /** Switches scenario; `empty` and `default` also reload the matching data set. */
  setScenario(scenario: MockScenario): void;
}

const DEFAULT_DELAY_MS = 1500;

export function createMockApi(options: MockApiOptions = {}): MockApi {
  let scenario: MockScenario = options.scenario ?? 'default';
  const store = createMockStore({
    data: scenario === 'empty' ? 'empty' : 'default',
    seed: options.seed,
    now: options.now,
    oidcProviders: options.oidcProviders,
  });
  const context: HandlerContext = {
    store,
    base: options.baseUrl ? options.baseUrl.replace(/\/+$/, '') : '*',
    scenario: () => scenario,
    delayMs: options.delayMs ?? DEFAULT_DELAY_MS,
  };
  return {
    handlers: [
      ...accountDataHandlers(context),
      // Before the member routes: /api/users/me/… are the signed-in member's own lists.
      ...safetyHandlers(context),
      ...privacyHandlers(context),
      ...preferencesHandlers(context),
      ...identityHandlers(context),
      ...connectedAppHandlers(context),
      ...accountHandlers(context),
      // Before the member routes, whose /api/users/:id would not take /report.
      ...moderationHandlers(context),
      ...healthAndUserHandlers(context),
      ...composerHandlers(context),
      ...postHandlers(context),
      ...inboxHandlers(context),
    ],
    store,
    scenario: () => scenario,
    setScenario(next) {
      if (next === 'empty' || (next === 'default' && scenario === 'empty')) store.reset(next);
      scenario = next;
    },
  };
}
