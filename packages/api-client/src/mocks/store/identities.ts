import type { OidcUsernameNeeded } from '../../contract/endpoints/identities.js';
import { ERRORS, type ErrorName } from '../../contract/errors.js';
import {
  displayNameFromClaims,
  IDENTITY_MESSAGES,
  OIDC_COMPLETE_PATH,
  OIDC_CONNECTED_PATH,
  OIDC_TICKET_TTL_SECONDS,
  type OidcNameClaims,
  oidcConnectedLocation,
  oidcFailureLocation,
  usernameFromClaims,
  usernameSuggestions,
} from '../../contract/identities.js';
import { BANNER_POSITION_DEFAULT } from '../../contract/limits.js';
import { isReservedUsername, normaliseUsername } from '../../contract/validation.js';
import type { Id, Identity, OidcProvider } from '../../models.js';
import { fail } from '../errors.js';
import { compareText, type StoreContext } from './context.js';
import type { IdentityRecord, UserRecord } from './records.js';
import { startSession } from './sessions.js';

/** A person at a provider, as its ID token would describe them. */
export interface MockOidcAccount extends OidcNameClaims {
  /** The provider's `sub`: what links the account to a member. */
  subject: string;
  email_verified?: boolean;
}

/** How a provider's sign-in can fail before Whisp has anyone to sign in. */
export type MockOidcFailure = Extract<
  ErrorName,
  'oidcCancelled' | 'oidcInvalid' | 'oidcExpired' | 'oidcProviderDown'
>;

/**
 * What the provider answers the next time someone is sent to it, in place of a person signing
 * in there: an account, or a failure (refused or cancelled, a forged or replayed answer, down).
 */
export type MockOidcAnswer = { account: MockOidcAccount } | { failure: MockOidcFailure };

/** A configured provider of the mocks, with what it will answer. */
export interface MockOidcProvider extends OidcProvider {
  answer: MockOidcAnswer;
}

/**
 * Sign in with another account (1.2) with the server's rules. The mocks cannot run a provider:
 * a flow's start asks the provider's configured answer at once, and the ticket its callback
 * would leave behind the cookie is the store's `oidcTicket`.
 */
export function createIdentityOperations(ctx: StoreContext, providers: MockOidcProvider[]) {
  let configured = providers.map((provider) => ({ ...provider }));
  const nowMs = () => Date.parse(ctx.now());
  const lower = (value: string) => value.toLowerCase();

  const providerById = (id: string) => {
    const provider = configured.find((candidate) => candidate.id === id);
    if (!provider) throw fail('oidcProviderNotFound');
    return provider;
  };
  const providerName = (id: string) =>
    configured.find((provider) => provider.id === id)?.name ?? id;
  /** A link whose member is gone (a deleted account) links nobody. */
  const linkOf = (provider: string, subject: string) =>
    ctx.data.identities.find(
      (identity) =>
        identity.provider === provider &&
        identity.subject === subject &&
        ctx.shapes.userById(identity.user_id) !== undefined,
    );
  const usernameHeld = (username: string) =>
    ctx.data.users.some((user) => !user.host && lower(user.username) === lower(username));
  const link = (userId: Id, provider: string, subject: string): IdentityRecord => {
    const identity = {
      id: ctx.newId('identity'),
      user_id: userId,
      provider,
      subject,
      created_at: ctx.now(),
    };
    ctx.data.identities.push(identity);
    return identity;
  };
  const failureCode = (failure: MockOidcFailure) => ERRORS[failure].code;
  /**
   * Only an address the provider vouches for is kept, and it never signs anyone in: a member
   * who has it already connects the provider from Settings themselves.
   */
  const verifiedEmail = (account: MockOidcAccount) =>
    account.email_verified ? (account.email?.trim() ?? '') : '';
  const emailTaken = (email: string) =>
    email !== '' && ctx.data.users.some((user) => lower(user.email) === lower(email));
  const toIdentity = ({ id, provider, created_at }: IdentityRecord): Identity => ({
    id,
    provider,
    name: providerName(provider),
    created_at,
  });

  function createMember(username: string, claims: MockOidcAccount, email: string): UserRecord {
    const user: UserRecord = {
      id: ctx.newId('user'),
      username,
      display_name: displayNameFromClaims(claims, username),
      email,
      // No password: the provider is this member's only way in until they set one.
      password: '',
      bio: null,
      avatar: null,
      banner: null,
      banner_position_x: BANNER_POSITION_DEFAULT,
      banner_position_y: BANNER_POSITION_DEFAULT,
      is_verified: false,
      is_private: false,
      created_at: ctx.now(),
    };
    ctx.data.users.push(user);
    return user;
  }

  return {
    /** GET /api/auth/providers. */
    oidcProviders: (): OidcProvider[] => configured.map(({ id, name }) => ({ id, name })),

    /** Replaces the configured providers (none: an operator who configured none). */
    configureOidcProviders(next: MockOidcProvider[]) {
      configured = next.map((provider) => ({ ...provider }));
    },

    /** What the provider answers from now on (tests and stories pick each outcome). */
    answerOidcAs(providerId: string, answer: MockOidcAnswer) {
      providerById(providerId).answer = answer;
    },

    /** Links a provider account to a member out of band (a story's or a test's starting point). */
    linkOidcAccount(userId: Id, providerId: string, subject: string): Identity {
      return toIdentity(link(userId, providerById(providerId).id, subject));
    },

    /**
     * GET /api/auth/oidc/{id}/start, and the provider and its callback at once: the address
     * the browser ends on. A new flow replaces an earlier ticket, as a new cookie would.
     */
    startOidcSignIn(providerId: string): string {
      ctx.data.oidcTicket = null;
      const failed = (code: string) => oidcFailureLocation(OIDC_COMPLETE_PATH, code, providerId);
      const provider = configured.find((candidate) => candidate.id === providerId);
      if (!provider) return failed(ERRORS.oidcProviderNotFound.code);
      if ('failure' in provider.answer) return failed(failureCode(provider.answer.failure));
      const { subject, ...claims } = provider.answer.account;
      // Decided at the callback, before any ticket: a suspended member, and a verified email
      // that is already a member's (whoever holds it at a provider must not reach that member).
      const linked = linkOf(provider.id, subject);
      if (linked) {
        if (ctx.shapes.userById(linked.user_id)?.suspended_at) {
          return failed(ERRORS.accountSuspended.code);
        }
      } else if (emailTaken(verifiedEmail(provider.answer.account))) {
        return failed(ERRORS.oidcEmailInUse.code);
      }
      ctx.data.oidcTicket = {
        provider: provider.id,
        subject,
        claims,
        expires_at: nowMs() + OIDC_TICKET_TTL_SECONDS * 1000,
      };
      return OIDC_COMPLETE_PATH;
    },

    /**
     * POST /api/auth/oidc/complete: signs in a linked member (`created` false), or creates one
     * (`created` true), or answers what to ask a new member (`usernameNeeded`). The ticket is spent by a sign-in, a creation and the email refusal; a username that
     * needs asking, or that was refused, leaves it for the next try.
     */
    completeOidcSignIn(
      username: string | undefined,
    ):
      | { created: boolean; session: ReturnType<typeof startSession> }
      | { usernameNeeded: OidcUsernameNeeded['data'] } {
      const ticket = ctx.data.oidcTicket;
      if (!ticket || ticket.expires_at <= nowMs()) {
        ctx.data.oidcTicket = null;
        throw fail('oidcExpired');
      }
      const provider = providerById(ticket.provider);
      const linked = linkOf(ticket.provider, ticket.subject);
      const member = linked && ctx.shapes.userById(linked.user_id);
      if (member) {
        ctx.data.oidcTicket = null;
        if (member.suspended_at) throw fail('accountSuspended');
        return { created: false, session: startSession(ctx, member) };
      }
      const account = { subject: ticket.subject, ...ticket.claims };
      // Checked again: the address may have become a member's since the callback.
      const email = verifiedEmail(account);
      if (emailTaken(email)) {
        ctx.data.oidcTicket = null;
        throw fail('oidcEmailInUse', provider.name);
      }
      let chosen = username === undefined ? null : normaliseUsername(username);
      if (chosen !== null) {
        if (isReservedUsername(chosen)) throw fail('usernameReserved');
        if (usernameHeld(chosen)) throw fail('usernameTaken');
      } else {
        chosen = usernameFromClaims(account);
        if (chosen === null || usernameHeld(chosen)) {
          const suggested =
            [...usernameSuggestions(account)].find((candidate) => !usernameHeld(candidate)) ?? null;
          return {
            usernameNeeded: {
              provider: { id: provider.id, name: provider.name },
              suggested_username: suggested,
              display_name: displayNameFromClaims(account, suggested ?? ''),
            },
          };
        }
      }
      const user = createMember(chosen, account, email);
      link(user.id, provider.id, ticket.subject);
      ctx.data.oidcTicket = null;
      return { created: true, session: startSession(ctx, user) };
    },

    /** GET /api/users/me/identities: oldest first. */
    identitiesOf(userId: Id): Identity[] {
      return ctx.data.identities
        .filter((identity) => identity.user_id === userId)
        .sort((a, b) => a.created_at.localeCompare(b.created_at) || compareText(a.id, b.id))
        .map(toIdentity);
    },

    /**
     * POST /api/users/me/identities/{provider}, with the provider and the callback at once: the
     * address the browser ends on, back in Settings. A provider that is down answers this call
     * itself (its discovery comes before the browser leaves).
     */
    connectOidcAccount(viewer: UserRecord, providerId: string): { url: string } {
      const provider = providerById(providerId);
      if ('failure' in provider.answer) {
        if (provider.answer.failure === 'oidcProviderDown') {
          throw fail('oidcProviderDown', provider.name);
        }
        const code = failureCode(provider.answer.failure);
        return { url: oidcFailureLocation(OIDC_CONNECTED_PATH, code, provider.id) };
      }
      const { subject } = provider.answer.account;
      const linked = linkOf(provider.id, subject);
      if (linked && linked.user_id !== viewer.id) {
        const code = ERRORS.identityTaken.code;
        return { url: oidcFailureLocation(OIDC_CONNECTED_PATH, code, provider.id) };
      }
      // Connecting an account that is already the member's changes nothing.
      if (!linked) link(viewer.id, provider.id, subject);
      return { url: oidcConnectedLocation(provider.id) };
    },

    /**
     * DELETE /api/users/me/identities/{id}: never the last way in of a member without a
     * password.
     */
    disconnectIdentity(viewer: UserRecord, id: Id): string {
      const mine = ctx.data.identities.filter((identity) => identity.user_id === viewer.id);
      const identity = mine.find((candidate) => candidate.id === id);
      if (!identity) throw fail('identityNotFound');
      // Another way in counts only at a provider the server still offers.
      const otherWaysIn = mine.filter(
        (other) => other.id !== id && configured.some((provider) => provider.id === other.provider),
      );
      if (viewer.password === '' && otherWaysIn.length === 0) throw fail('lastSignInMethod');
      ctx.data.identities = ctx.data.identities.filter((candidate) => candidate.id !== id);
      return IDENTITY_MESSAGES.disconnected(providerName(identity.provider));
    },
  };
}
