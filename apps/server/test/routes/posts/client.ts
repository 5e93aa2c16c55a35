import type { App } from '../../../src/app.js';
import type { TestMember } from '../../members.js';

/** The parts of a Post these tests look at. */
export interface ShownPost {
  id: string;
  content: string;
  rewhisp_of: { id: string } | null;
}

/** Requests as a member (or nobody), so tests read as what people do. */
export function asMember(app: App) {
  const headers = (who: TestMember | null, extra: Record<string, string> = {}) => ({
    ...(who ? who.headers : {}),
    ...extra,
  });
  return {
    get: (url: string, who: TestMember | null) =>
      app.inject({ method: 'GET', url, headers: headers(who) }),
    post: (url: string, who: TestMember | null, payload?: object, extra?: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url,
        headers: headers(who, extra),
        ...(payload ? { payload } : {}),
      }),
    delete: (url: string, who: TestMember | null) =>
      app.inject({ method: 'DELETE', url, headers: headers(who) }),

    /** Posts a whisp and returns it (throws when the server refuses). */
    async whisp(who: TestMember, content: string, extra: object = {}) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/posts',
        headers: headers(who),
        payload: { content, ...extra },
      });
      if (response.statusCode !== 201) {
        throw new Error(`Posting failed (${response.statusCode}): ${response.body}`);
      }
      return response.json().data as { id: string } & Record<string, unknown>;
    },

    async follow(who: TestMember, whom: TestMember) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/users/${whom.id}/follow`,
        headers: headers(who),
      });
      if (response.statusCode !== 200) throw new Error(`Follow failed: ${response.body}`);
    },
  };
}
