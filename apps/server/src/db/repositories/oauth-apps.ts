import { timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { hashSessionToken } from '../../auth/tokens.js';
import type { DatabaseSchema } from '../schema.js';

/** A Mastodon app as stored (its secret only as a hash). */
export interface OauthApp {
  id: string;
  client_id: string;
  name: string;
  website: string | null;
  redirect_uris: string[];
  scopes: string[];
}

export interface NewOauthApp {
  clientId: string;
  clientSecret: string;
  name: string;
  website: string | null;
  redirectUris: string[];
  scopes: string[];
}

const APP_COLUMNS = ['id', 'client_id', 'name', 'website', 'redirect_uris', 'scopes'] as const;

/** Two hex digests of equal length, compared in constant time. */
const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export function createOauthAppsRepository(db: Kysely<DatabaseSchema>) {
  return {
    async create(app: NewOauthApp): Promise<OauthApp> {
      return db
        .insertInto('oauth_apps')
        .values({
          client_id: app.clientId,
          client_secret_hash: hashSessionToken(app.clientSecret),
          name: app.name,
          website: app.website,
          redirect_uris: app.redirectUris,
          scopes: app.scopes,
        })
        .returning(APP_COLUMNS)
        .executeTakeFirstOrThrow();
    },

    /** The app with this client id, or undefined (the consent page names it from here). */
    findByClientId(clientId: string): Promise<OauthApp | undefined> {
      return db
        .selectFrom('oauth_apps')
        .select(APP_COLUMNS)
        .where('client_id', '=', clientId)
        .executeTakeFirst();
    },

    /**
     * The app whose credentials these are, or undefined (an unknown client id and a wrong secret
     * alike, so a caller cannot tell which was wrong).
     */
    async authenticate(clientId: string, clientSecret: string): Promise<OauthApp | undefined> {
      const row = await db
        .selectFrom('oauth_apps')
        .select([...APP_COLUMNS, 'client_secret_hash'])
        .where('client_id', '=', clientId)
        .executeTakeFirst();
      if (!row || !sameHash(row.client_secret_hash, hashSessionToken(clientSecret))) {
        return undefined;
      }
      const { client_secret_hash: _hash, ...app } = row;
      return app;
    },

    /** Keeps a token the app holds for itself (client_credentials). */
    async createAppToken(appId: string, token: string, scopes: string[]) {
      const { created_at } = await db
        .insertInto('oauth_app_tokens')
        .values({ token_hash: hashSessionToken(token), app_id: appId, scopes })
        .returning('created_at')
        .executeTakeFirstOrThrow();
      return created_at;
    },

    /** The app a token it holds for itself belongs to, or undefined. */
    async findByAppToken(token: string): Promise<OauthApp | undefined> {
      return db
        .selectFrom('oauth_apps')
        .select(APP_COLUMNS)
        .where('id', '=', (eb) =>
          eb
            .selectFrom('oauth_app_tokens')
            .select('app_id')
            .where('token_hash', '=', hashSessionToken(token)),
        )
        .executeTakeFirst();
    },

    /**
     * Revokes the app's own token: `own` when it was this app's (now deleted), `other` when it is
     * another app's (left alone), `unknown` when no app holds it.
     */
    async revokeAppToken(appId: string, token: string): Promise<'own' | 'other' | 'unknown'> {
      const tokenHash = hashSessionToken(token);
      const held = await db
        .selectFrom('oauth_app_tokens')
        .select('app_id')
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!held) return 'unknown';
      if (held.app_id !== appId) return 'other';
      await db.deleteFrom('oauth_app_tokens').where('token_hash', '=', tokenHash).execute();
      return 'own';
    },
  };
}

export type OauthAppsRepository = ReturnType<typeof createOauthAppsRepository>;
