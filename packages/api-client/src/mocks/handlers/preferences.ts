import { http } from 'msw';
import { PREFERENCES_SAVED_MESSAGE } from '../../contract/endpoints/preferences.js';
import { preferencesChangesSchema } from '../../contract/shapes/preferences.js';
import { createRoute, type HandlerContext, readJson, validate } from './shared.js';

/** /api/users/me/preferences (Privacy and preferences 1.2). */
export function preferencesHandlers(context: HandlerContext) {
  const { store, base } = context;
  const route = createRoute(context);
  return [
    http.get(
      `${base}/api/users/me/preferences`,
      route(({ token }) => ({ success: true, data: store.preferences(store.viewer(token)) })),
    ),
    http.patch(
      `${base}/api/users/me/preferences`,
      route(async ({ request, token }) => {
        const viewer = store.viewer(token);
        const changes = validate(preferencesChangesSchema, await readJson(request), 'body');
        return {
          success: true,
          data: store.updatePreferences(viewer, changes),
          message: PREFERENCES_SAVED_MESSAGE,
        };
      }),
    ),
  ];
}
