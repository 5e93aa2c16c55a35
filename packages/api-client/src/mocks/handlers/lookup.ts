import { http } from 'msw';
import { userLookupQuery } from '../../contract/endpoints/users.js';
import { parseAcct } from '../../contract/member-address.js';
import { MOCK_PUBLIC_URL } from '../builders.js';
import { fail } from '../errors.js';
import { createRoute, type HandlerContext, query, validate } from './shared.js';

/**
 * GET /api/users/lookup, by the server's rules (apps/server/src/routes/users/lookup.ts): a handle
 * without a host, or with this server's, names a member of this server; `username@host` or an
 * actor's URL names a member of another server. The mocks reach no other server, so they find
 * only the remote members their store already holds, and answer 404 USER_NOT_FOUND for the rest,
 * as the server does when a member's server does not answer.
 */
export function memberLookupHandlers(context: HandlerContext) {
  const { store, base } = context;
  const route = createRoute(context);
  const ownHost = new URL(MOCK_PUBLIC_URL).host;

  /** The handle `profileByUsername` reads: `alice@this-server` is the local alice. */
  const handleOf = (acct: string) => {
    const parsed = parseAcct(acct);
    if (!parsed) throw fail('userNotFound');
    const local = parsed.host === null || parsed.host === ownHost;
    return local ? parsed.username : `${parsed.username}@${parsed.host}`;
  };

  /** A remote member by their actor's address, as the shapes give it in `url`. */
  const handleAt = (actorUrl: string) => {
    const shapes = store.shapes();
    const member = store.data.users.find(
      (user) => Boolean(user.host) && shapes.summary(user).url === actorUrl,
    );
    if (!member) throw fail('userNotFound');
    return shapes.summary(member).acct;
  };

  return [
    http.get(
      `${base}/api/users/lookup`,
      route(({ token, url }) => {
        const viewer = store.viewer(token);
        const address = validate(userLookupQuery, query(url), 'querystring');
        const handle =
          address.acct === undefined ? handleAt(address.url ?? '') : handleOf(address.acct);
        return { success: true, data: store.profileByUsername(viewer, handle) };
      }),
    ),
  ];
}
