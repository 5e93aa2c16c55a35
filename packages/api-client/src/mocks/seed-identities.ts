import { MOCK_CREDENTIALS, MOCK_VIEWER } from './seed.js';
import type { MockOidcAccount, MockOidcProvider } from './store/identities.js';

/**
 * People at the mocks' provider, for `store.answerOidcAs` to sign in as: each shows one outcome
 * of Sign in with another account (1.2).
 */
export const MOCK_OIDC_ACCOUNTS = {
  /** Nobody here yet, with a free username: signing in creates @sam_rivers at once. */
  newMember: {
    subject: 'example-sam',
    preferred_username: 'sam_rivers',
    name: 'Sam Rivers',
    email: 'sam@example.id',
    email_verified: true,
  },
  /** New, but named as the mocks' viewer is: they choose another username (robin_2 offered). */
  takenUsername: {
    subject: 'example-robin-elsewhere',
    preferred_username: MOCK_VIEWER.username,
    name: 'Robin Elsewhere',
    email: 'robin@elsewhere.example',
    email_verified: true,
  },
  /** New, with no name a username can be made of: they choose, and nothing is offered. */
  noUsableName: {
    subject: 'example-sora',
    preferred_username: '空',
    name: '空',
    email: null,
    email_verified: false,
  },
  /**
   * The mocks' viewer at the provider, with their verified email: signing in before it is
   * connected creates nothing (OIDC_EMAIL_IN_USE); connecting it from Settings links it.
   */
  viewer: {
    subject: 'example-robin',
    preferred_username: MOCK_VIEWER.username,
    name: MOCK_VIEWER.display_name,
    email: MOCK_CREDENTIALS.email,
    email_verified: true,
  },
} as const satisfies Record<string, MockOidcAccount>;

/** The provider every mock API has unless told otherwise: "Continue with Example ID". */
export const MOCK_OIDC_PROVIDER = { id: 'example', name: 'Example ID' } as const;

export const defaultOidcProviders = (): MockOidcProvider[] => [
  { ...MOCK_OIDC_PROVIDER, answer: { account: MOCK_OIDC_ACCOUNTS.newMember } },
];
