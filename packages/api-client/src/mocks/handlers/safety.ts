import { http } from 'msw';
import { mutedWordBodySchema } from '../../contract/endpoints/safety.js';
import { createRoute, type HandlerContext, param, readJson, validate } from './shared.js';

/** Block, mute and muted words (Safety 1.1). */
export function safetyHandlers(context: HandlerContext) {
  const { store, base } = context;
  const route = createRoute(context);

  return [
    http.get(
      `${base}/api/users/me/blocks`,
      route(({ token }) => ({ success: true, data: store.blockedMembers(store.viewer(token)) })),
    ),
    http.get(
      `${base}/api/users/me/mutes`,
      route(({ token }) => ({ success: true, data: store.mutedMembers(store.viewer(token)) })),
    ),
    http.get(
      `${base}/api/users/me/muted-words`,
      route(({ token }) => ({ success: true, data: store.mutedWords(store.viewer(token)) })),
    ),
    http.post(
      `${base}/api/users/me/muted-words`,
      route(async ({ request, token }) => {
        const viewer = store.viewer(token);
        const body = validate(mutedWordBodySchema, await readJson(request), 'body');
        const { word, created } = store.addMutedWord(viewer, body.word);
        return { status: created ? 201 : 200, body: { success: true, data: word } };
      }),
    ),
    http.delete(
      `${base}/api/users/me/muted-words/:id`,
      route(({ token, params }) => {
        store.removeMutedWord(store.viewer(token), param(params, 'id'));
        return { success: true, message: 'Word unmuted' };
      }),
    ),
    ...(['block', 'unblock', 'mute', 'unmute'] as const).map((action) =>
      http.post(
        `${base}/api/users/:id/${action}`,
        route(({ token, params }) => ({
          success: true,
          data: store[action](store.viewer(token), param(params, 'id')),
        })),
      ),
    ),
  ];
}
