import {
  ACCOUNT_ARCHIVE_FIELD,
  ACCOUNT_ARCHIVE_MAX_BYTES,
  ACCOUNT_DATA_MESSAGES,
  AUTHENTICATED_ERRORS,
  accountExportResponse,
  deleteAccountBodySchema,
  deleteAccountResponse,
  describeError,
  errorResponses,
  importResponse,
  isOwnUsername,
  MEGABYTE,
} from '@whisp/api-client/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { ArchiveInvalidError } from '../../account-data/archive-reader.js';
import { deleteMember } from '../../account-data/deletion.js';
import { createAccountExport } from '../../account-data/export.js';
import { importAccountArchive } from '../../account-data/import.js';
import { finishMediaRemovals } from '../../account-data/media-files.js';
import { verifyPassword } from '../../auth/passwords.js';
import { apiError, fieldError } from '../../http/api-error.js';
import { spoolToFile, temporaryFiles } from '../../media/uploads.js';
import { asFormError } from '../users/images.js';

export interface AccountDataRoutesOptions {
  /** The directory the media storage writes to (`mediaDirectory(config)`). */
  mediaDir: string;
}

/** The uploaded archive, written to a temporary file as it arrives (never held in memory). */
async function readArchive(request: FastifyRequest, path: () => Promise<string>) {
  if (!request.isMultipart()) throw apiError('archiveNotMultipart');
  try {
    const part = await request.file({ limits: { fileSize: ACCOUNT_ARCHIVE_MAX_BYTES, files: 1 } });
    if (!part) throw apiError('noArchive');
    if (part.fieldname !== ACCOUNT_ARCHIVE_FIELD) {
      part.file.resume();
      throw apiError('noArchive');
    }
    const file = await spoolToFile(part.file, await path());
    if (file.truncated) throw apiError('archiveTooLarge');
    return file;
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw apiError('archiveTooLarge');
    }
    throw asFormError(error);
  }
}

/** GET /api/users/me/export, POST /api/users/me/import and DELETE /api/users/me. */
export const accountDataRoutes: FastifyPluginAsyncZod<AccountDataRoutesOptions> = async (
  app,
  { mediaDir },
) => {
  const db = app.database.kysely;

  app.get(
    '/me/export',
    {
      schema: {
        summary: 'Download your account (whisps, media, follows, messages…) as a zip',
        description:
          'Streamed as it is written (no Content-Length): manifest.json first, then the JSON ' +
          'files, then media/. Other members appear by username only.',
        produces: ['application/zip'],
        response: { 200: accountExportResponse, ...errorResponses(...AUTHENTICATED_ERRORS) },
      },
    },
    async (request, reply) => {
      const member = (await app.repositories.users.findById(request.member.id)) ?? request.member;
      const archive = await createAccountExport({
        db,
        mediaDir,
        member,
        onError: (error) => request.log.error({ err: error }, 'account export cut short'),
      });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="whisp-${member.username}-${day}.zip"`)
        .header('cache-control', 'no-store')
        .send(archive);
    },
  );

  app.post(
    '/me/import',
    {
      schema: {
        summary: `Bring an export from another Whisp server (multipart field "${ACCOUNT_ARCHIVE_FIELD}", under ${ACCOUNT_ARCHIVE_MAX_BYTES / MEGABYTE} MB)`,
        description:
          'Adds its whisps and replies (keeping their dates), their media, and follows and mutes ' +
          'of members found here by username, in one transaction. The same archive twice adds ' +
          'nothing the second time. A damaged or foreign file: 400 ARCHIVE_INVALID, nothing written.',
        consumes: ['multipart/form-data'],
        response: { 200: importResponse, ...errorResponses(...AUTHENTICATED_ERRORS, 413, 415) },
      },
    },
    async (request) => {
      const temporary = temporaryFiles(app.mediaStorage);
      try {
        const upload = await readArchive(request, temporary.next);
        const summary = await importAccountArchive({
          db,
          storage: app.mediaStorage,
          mediaDir,
          userId: request.member.id,
          archivePath: upload.path,
        });
        // Follows change the following count the sign-in check caches, and mutes the filters
        // it carries (an import is rare: forgotten whatever it added).
        await app.sessionCache.memberChanged(request.member.id);
        return { success: true as const, data: summary };
      } catch (error) {
        if (!(error instanceof ArchiveInvalidError)) throw error;
        request.log.info({ reason: error.message }, 'Refused an account archive');
        throw apiError('archiveInvalid');
      } finally {
        await temporary.removeAll();
      }
    },
  );

  app.delete(
    '/me',
    {
      schema: {
        summary: 'Delete your account and everything in it, for good',
        description:
          'Confirmed with your password, or, when you have none (has_password false: you ' +
          'signed up with another account), with your username. Your sessions end on every ' +
          'server at once; your whisps, likes, rewhisps, bookmarks, follows, blocks, mutes, ' +
          'notifications, messages and media go, and every count that included them drops. The ' +
          'email and username can be registered again.',
        body: deleteAccountBodySchema,
        response: { 200: deleteAccountResponse, ...errorResponses(...AUTHENTICATED_ERRORS) },
      },
    },
    async (request, reply) => {
      const memberId = request.member.id;
      const { rows } = await sql<{ password_hash: string | null; username: string }>`
        select password_hash, username from users where id = ${memberId}
      `.execute(db);
      const storedHash = rows[0]?.password_hash;
      const hasPassword = typeof storedHash === 'string';
      const { password, username } = request.body ?? {};
      if (hasPassword && !password) {
        throw fieldError(describeError('currentPasswordRequired'), 'password');
      }
      await app.wrongPasswordLimiter.assertAllowed(request, reply);
      // A member who signed up with another account and set no password types their username
      // instead (as Mastodon asks them to): the signed-in session is the proof, the username
      // a deliberate step. A password given must still be right, and cannot be when there is none.
      let problem: 'wrongPassword' | 'wrongUsername' | undefined;
      if (hasPassword) {
        if (!(await verifyPassword(password ?? '', storedHash))) problem = 'wrongPassword';
      } else if (password) {
        problem = 'wrongPassword';
      } else if (!isOwnUsername(username, rows[0]?.username ?? '')) {
        problem = 'wrongUsername';
      }
      if (problem) {
        await app.wrongPasswordLimiter.recordFailure(request);
        throw apiError(problem);
      }
      // Other servers that know the member are told once the deletion has committed; what that
      // takes (their keys, their followers) goes with it, so it is read first.
      const announceDeparture = await app.federation?.outbox.prepareDeparture(memberId);
      const stale = await deleteMember(db, memberId);
      announceDeparture?.();
      // Every instance forgets the cached sign-ins at once (the sessions' rows are gone), as a
      // sign-out is announced; followers' cached following counts go stale with them.
      for (const id of stale) app.sessionCache.forgetMember(id);
      await app.liveEvents.bus.publish(
        stale.map((id) => ({ memberId: id, kind: 'member' as const })),
      );
      try {
        await finishMediaRemovals(db, app.mediaStorage);
      } catch (error) {
        // Recorded in media_removals: the next sweep (at most an hour, or the next start) does it.
        request.log.warn({ err: error }, 'media files of a deleted account wait for the sweep');
      }
      return { success: true as const, message: ACCOUNT_DATA_MESSAGES.accountDeleted };
    },
  );
};
