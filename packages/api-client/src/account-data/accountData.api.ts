import type { z } from 'zod';
import type { importSummarySchema } from '../contract/endpoints/account-data.js';
import { ApiError, CLIENT_ERROR_CODES } from '../http/ApiError.js';
import type { ApiContext, DataBody, MessageBody } from '../http/context.js';
import { joinUrl } from '../http/createFetcher.js';
import { httpStatusMessage, NETWORK_ERROR_MESSAGE, NO_TOKEN_MESSAGE } from '../http/messages.js';

/** What an import added (`whisps`, `media`, `follows`) and how many entries it left out. */
export type ImportSummary = z.output<typeof importSummarySchema>;

/** Bytes moved so far; `total` is null when the server did not say how many will come. */
export interface TransferProgress {
  loaded: number;
  total: number | null;
}

export interface DownloadExportOptions {
  /** Called as the archive arrives (the server streams it, so `total` is usually null). */
  onProgress?: (progress: TransferProgress) => void;
  signal?: AbortSignal;
}

export interface AccountExport {
  /** The zip, ready for `URL.createObjectURL` and a download link. */
  archive: Blob;
  /** The file name the server suggests (`whisp-<username>-<date>.zip`). */
  filename: string;
}

/**
 * How a member confirms deleting their account: their password, or their username when they have
 * none (`CurrentUser.has_password` false: they signed up with another account).
 */
export type AccountDeletionConfirmation = { password: string } | { username: string };

export interface ImportArchiveOptions {
  /** Called as the archive is sent (browsers only: XMLHttpRequest reports upload progress). */
  onUploadProgress?: (progress: TransferProgress) => void;
  signal?: AbortSignal;
}

export const ACCOUNT_EXPORT_PATH = '/api/users/me/export';
export const ACCOUNT_IMPORT_PATH = '/api/users/me/import';
const FALLBACK_FILENAME = 'whisp-export.zip';

export interface AccountDataContext extends ApiContext {
  fetch: typeof globalThis.fetch;
}

/** The member's own data: download it, bring it from another server, delete the account. */
export function createAccountDataApi({ baseUrl, request, tokenStore, fetch }: AccountDataContext) {
  const bearer = () => {
    const token = tokenStore.get();
    if (!token) {
      throw new ApiError(NO_TOKEN_MESSAGE, { status: 0, code: CLIENT_ERROR_CODES.noToken });
    }
    return `Bearer ${token}`;
  };

  return {
    /**
     * GET /api/users/me/export: the whole account as a zip. Read chunk by chunk from the response
     * body so `onProgress` can follow it; a failure answers as every other call does (ApiError).
     */
    downloadExport: async (options: DownloadExportOptions = {}): Promise<AccountExport> => {
      let response: Response;
      try {
        response = await fetch(joinUrl(baseUrl, ACCOUNT_EXPORT_PATH), {
          headers: { Authorization: bearer(), Accept: 'application/zip, application/json' },
          signal: options.signal,
        });
      } catch (error) {
        if (error instanceof ApiError || isAbort(error)) throw error;
        throw new ApiError(NETWORK_ERROR_MESSAGE, { status: 0, code: CLIENT_ERROR_CODES.network });
      }
      if (!response.ok) throw await errorFrom(response);
      const declared = Number(response.headers.get('content-length'));
      const total = Number.isFinite(declared) && declared > 0 ? declared : null;
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      let loaded = 0;
      const reader = response.body?.getReader();
      if (reader) {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          chunks.push(value as Uint8Array<ArrayBuffer>);
          loaded += value.byteLength;
          options.onProgress?.({ loaded, total });
        }
      } else {
        const whole = new Uint8Array(await response.arrayBuffer());
        chunks.push(whole);
        loaded = whole.byteLength;
        options.onProgress?.({ loaded, total });
      }
      return {
        archive: new Blob(chunks, { type: 'application/zip' }),
        filename: filenameOf(response.headers.get('content-disposition')) ?? FALLBACK_FILENAME,
      };
    },

    /**
     * POST /api/users/me/import (multipart field `archive`): adds the export's whisps, replies,
     * media, follows and mutes; importing the same archive again adds nothing.
     */
    importArchive: async (
      archive: Blob,
      options: ImportArchiveOptions = {},
    ): Promise<ImportSummary> => {
      const form = new FormData();
      form.append('archive', archive, archiveName(archive));
      if (typeof XMLHttpRequest === 'undefined' || !options.onUploadProgress) {
        const body = await request<DataBody<ImportSummary>>(ACCOUNT_IMPORT_PATH, {
          method: 'POST',
          body: form,
          signal: options.signal,
        });
        return body.data;
      }
      return uploadWithProgress(
        joinUrl(baseUrl, ACCOUNT_IMPORT_PATH),
        bearer(),
        form,
        options.onUploadProgress,
        options.signal,
      );
    },

    /**
     * DELETE /api/users/me: the account and everything in it go. Confirmed with the password (a
     * string is one; 400 WRONG_PASSWORD when it is not the member's), or, for a member without
     * one, `{ username }` (400 WRONG_USERNAME when it is not theirs). The token is forgotten
     * here, as the server ended it.
     */
    deleteAccount: async (confirmation: string | AccountDeletionConfirmation) => {
      const body = await request<MessageBody>('/api/users/me', {
        method: 'DELETE',
        body: typeof confirmation === 'string' ? { password: confirmation } : confirmation,
      });
      tokenStore.clear();
      return { message: body.message };
    },
  };
}

export type AccountDataApi = ReturnType<typeof createAccountDataApi>;

function archiveName(archive: Blob) {
  return typeof File !== 'undefined' && archive instanceof File && archive.name
    ? archive.name
    : FALLBACK_FILENAME;
}

/** `attachment; filename="whisp-ada-2026-11-25.zip"` → the name. */
function filenameOf(disposition: string | null) {
  return disposition ? /filename="?([^";]+)"?/i.exec(disposition)?.[1] : undefined;
}

function isAbort(error: unknown) {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** The server's error body as an ApiError (or the status's own words when there is none). */
function errorFromBody(status: number, statusText: string, text: string) {
  let body: { message?: unknown; code?: unknown } | undefined;
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    body = undefined;
  }
  const message =
    typeof body?.message === 'string' && body.message.trim()
      ? body.message
      : httpStatusMessage(status, statusText);
  return new ApiError(message, {
    status,
    code: typeof body?.code === 'string' ? body.code : CLIENT_ERROR_CODES.http,
  });
}

async function errorFrom(response: Response) {
  return errorFromBody(response.status, response.statusText, await response.text());
}

/** fetch cannot report upload progress in browsers; XMLHttpRequest's `upload` events can. */
function uploadWithProgress(
  url: string,
  authorization: string,
  form: FormData,
  onUploadProgress: (progress: TransferProgress) => void,
  signal: AbortSignal | undefined,
) {
  return new Promise<ImportSummary>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Authorization', authorization);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) =>
      onUploadProgress({
        loaded: event.loaded,
        total: event.lengthComputable ? event.total : null,
      });
    xhr.onerror = () =>
      reject(new ApiError(NETWORK_ERROR_MESSAGE, { status: 0, code: CLIENT_ERROR_CODES.network }));
    xhr.onabort = () => reject(new DOMException('The import was cancelled', 'AbortError'));
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(errorFromBody(xhr.status, xhr.statusText, xhr.responseText));
        return;
      }
      try {
        resolve((JSON.parse(xhr.responseText) as DataBody<ImportSummary>).data);
      } catch {
        reject(errorFromBody(xhr.status, xhr.statusText, ''));
      }
    };
    if (signal?.aborted) {
      xhr.abort();
      return;
    }
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
