import { http } from 'msw';
import { scheduledPostPatchBodySchema, voteBodySchema } from '../../contract/endpoints/posts.js';
import { createRoute, type HandlerContext, param, readJson, validate } from './shared.js';

/** Composer (1.2): votes, a whisp's thread and history, and the member's scheduled whisps. */
export function composerHandlers(context: HandlerContext) {
  const { store, base } = context;
  const route = createRoute(context);

  return [
    http.post(
      `${base}/api/polls/:id/votes`,
      route(async ({ token, params, request }) => {
        const viewer = store.viewer(token);
        const { choices } = validate(voteBodySchema, await readJson(request), 'body');
        return { success: true, data: store.vote(viewer, param(params, 'id'), choices) };
      }),
    ),
    http.get(
      `${base}/api/posts/:id/context`,
      route(({ token, params }) => ({
        success: true,
        data: store.context(store.viewer(token), param(params, 'id')),
      })),
    ),
    http.get(
      `${base}/api/posts/:id/history`,
      route(({ token, params }) => ({
        success: true,
        data: store.history(store.viewer(token), param(params, 'id')),
      })),
    ),
    http.get(
      `${base}/api/scheduled-posts`,
      route(({ token }) => ({ success: true, data: store.scheduledPosts(store.viewer(token)) })),
    ),
    http.patch(
      `${base}/api/scheduled-posts/:id`,
      route(async ({ token, params, request }) => {
        const viewer = store.viewer(token);
        const patch = validate(scheduledPostPatchBodySchema, await readJson(request), 'body');
        return {
          success: true,
          data: store.updateScheduled(viewer, param(params, 'id'), {
            ...patch,
            scheduled_at: patch.scheduled_at ?? undefined,
          }),
        };
      }),
    ),
    http.delete(
      `${base}/api/scheduled-posts/:id`,
      route(({ token, params }) => {
        store.cancelScheduled(store.viewer(token), param(params, 'id'));
        return { success: true, message: 'Scheduled whisp cancelled' };
      }),
    ),
  ];
}
