import { http } from 'msw';
import {
  instanceHostParams,
  instancePolicyBodySchema,
  moderationReportsQuery,
  reportBodySchema,
  resolveReportBodySchema,
  roleBodySchema,
} from '../../contract/endpoints/moderation.js';
import { createRoute, type HandlerContext, param, query, readJson, validate } from './shared.js';

/** The thanks a report gets, from whichever target it names. */
const REPORT_THANKS = 'Thank you for your report';

/**
 * Reports of whisps and members, the moderation queue and log, suspension, roles, and other
 * servers' policies.
 */
export function moderationHandlers(context: HandlerContext) {
  const { store, base } = context;
  const route = createRoute(context);

  return [
    http.post(
      `${base}/api/posts/:id/report`,
      route(async ({ token, params, request }) => {
        const viewer = store.viewer(token);
        const { reason, details } = validate(reportBodySchema, await readJson(request), 'body');
        store.reportPost(viewer, param(params, 'id'), reason, details);
        return { status: 201, body: { success: true, message: REPORT_THANKS } };
      }),
    ),
    http.post(
      `${base}/api/users/:id/report`,
      route(async ({ token, params, request }) => {
        const viewer = store.viewer(token);
        const { reason, details } = validate(reportBodySchema, await readJson(request), 'body');
        store.reportUser(viewer, param(params, 'id'), reason, details);
        return { status: 201, body: { success: true, message: REPORT_THANKS } };
      }),
    ),
    http.get(
      `${base}/api/moderation/reports`,
      route(({ token, url }) => {
        const viewer = store.viewer(token);
        store.requireStaff(viewer);
        const { status } = validate(moderationReportsQuery, query(url), 'querystring');
        return { success: true, data: store.moderationReports(viewer, status) };
      }),
    ),
    http.post(
      `${base}/api/moderation/reports/:id/resolve`,
      route(async ({ token, params, request }) => {
        const viewer = store.viewer(token);
        store.requireStaff(viewer);
        const { action, note } = validate(resolveReportBodySchema, await readJson(request), 'body');
        return {
          success: true,
          data: store.resolveReport(viewer, param(params, 'id'), action, note),
        };
      }),
    ),
    http.get(
      `${base}/api/moderation/log`,
      route(({ token }) => ({ success: true, data: store.moderationLog(store.viewer(token)) })),
    ),
    http.post(
      `${base}/api/moderation/users/:id/unsuspend`,
      route(({ token, params }) => ({
        success: true,
        data: store.unsuspend(store.viewer(token), param(params, 'id')),
      })),
    ),
    http.get(
      `${base}/api/moderation/instances`,
      route(({ token }) => {
        store.requireStaff(store.viewer(token));
        return { success: true, data: store.listInstances() };
      }),
    ),
    http.put(
      `${base}/api/moderation/instances/:host`,
      route(async ({ token, params, request }) => {
        const viewer = store.viewer(token);
        store.requireStaff(viewer);
        const { host } = validate(instanceHostParams, { host: param(params, 'host') }, 'params');
        const { policy, reason } = validate(
          instancePolicyBodySchema,
          await readJson(request),
          'body',
        );
        return { success: true, data: store.setInstancePolicy(viewer, host, policy, reason) };
      }),
    ),
    http.delete(
      `${base}/api/moderation/instances/:host`,
      route(({ token, params }) => {
        store.requireStaff(store.viewer(token));
        const { host } = validate(instanceHostParams, { host: param(params, 'host') }, 'params');
        return { success: true, data: store.liftInstancePolicy(host) };
      }),
    ),
    http.put(
      `${base}/api/admin/users/:id/role`,
      route(async ({ token, params, request }) => {
        const viewer = store.viewer(token);
        store.requireAdmin(viewer);
        const { role } = validate(roleBodySchema, await readJson(request), 'body');
        return { success: true, data: store.setRole(viewer, param(params, 'id'), role) };
      }),
    ),
  ];
}
