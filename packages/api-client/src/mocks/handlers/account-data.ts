import { HttpResponse, http } from 'msw';
import {
  ACCOUNT_ARCHIVE_FIELD,
  ACCOUNT_DATA_MESSAGES,
  deleteAccountBodySchema,
} from '../../contract/endpoints/account-data.js';
import { ACCOUNT_ARCHIVE_MAX_BYTES } from '../../contract/limits.js';
import { fail } from '../errors.js';
import { createAccountDataOperations } from '../store/accountData.js';
import { createRoute, type HandlerContext, readJson, validate } from './shared.js';

/** GET /api/users/me/export, POST /api/users/me/import and DELETE /api/users/me. */
export function accountDataHandlers(context: HandlerContext) {
  const { store, base } = context;
  const route = createRoute(context);
  const accountData = createAccountDataOperations(store);

  return [
    http.get(
      `${base}/api/users/me/export`,
      route(async ({ token }) => {
        const viewer = store.viewer(token);
        const zip = await accountData.exportArchive(viewer);
        const day = new Date().toISOString().slice(0, 10);
        return new HttpResponse(zip, {
          headers: {
            'content-type': 'application/zip',
            'content-disposition': `attachment; filename="whisp-${viewer.username}-${day}.zip"`,
          },
        });
      }),
    ),
    http.post(
      `${base}/api/users/me/import`,
      route(async ({ request, token }) => {
        const viewer = store.viewer(token);
        const type = (request.headers.get('content-type') ?? '').toLowerCase();
        if (!type.startsWith('multipart/form-data')) throw fail('archiveNotMultipart');
        let form: FormData;
        try {
          form = await request.formData();
        } catch {
          throw fail('malformedForm');
        }
        const archive = form.get(ACCOUNT_ARCHIVE_FIELD);
        if (!(archive instanceof Blob)) throw fail('noArchive');
        if (archive.size > ACCOUNT_ARCHIVE_MAX_BYTES) throw fail('archiveTooLarge');
        const summary = await accountData.importArchive(
          viewer,
          new Uint8Array(await archive.arrayBuffer()),
        );
        return { success: true, data: summary };
      }),
    ),
    http.delete(
      `${base}/api/users/me`,
      route(async ({ request, token }) => {
        const viewer = store.viewer(token);
        const body = validate(deleteAccountBodySchema, await readJson(request), 'body');
        accountData.deleteAccount(viewer, body ?? {});
        return { success: true, message: ACCOUNT_DATA_MESSAGES.accountDeleted };
      }),
    ),
  ];
}
