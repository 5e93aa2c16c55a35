import type { DocumentLoader } from '@fedify/fedify/runtime';
import type { Kysely } from 'kysely';
import { removeUnusedFiles } from '../account-data/media-files.js';
import type { RemoteMediaMode } from '../config.js';
import type { DatabaseSchema } from '../db/schema.js';
import {
  type AddressPolicy,
  addressPolicy,
  downloadToFile,
  RemoteFileRefused,
} from '../media/remote-files.js';
import type { MediaStorage } from '../media/storage.js';
import { type SpooledFile, temporaryFiles } from '../media/uploads.js';
import type { FederationLog } from './federation.js';

// One download may take this long, redirects included. The inbox's queue holds a message for ten
// minutes (message-queue.ts), which covers a whisp's four attachments and a profile's two images.
const DOWNLOAD_TIMEOUT_MS = 30_000;

const refuseDocuments: DocumentLoader = async (url) => {
  throw new Error(`${url} is not embedded`);
};

/**
 * How a Note's attachments and an actor's icon and image are read: as the object embeds them (as
 * Mastodon, GoToSocial, Misskey and Whisp send them). None is fetched as a JSON-LD document, so
 * every download goes through RemoteMedia's checks.
 */
export const EMBEDDED_ONLY = { documentLoader: refuseDocuments, suppressError: true } as const;

export interface RemoteMediaOptions {
  db: Kysely<DatabaseSchema>;
  storage: MediaStorage;
  /** WHISP_REMOTE_MEDIA: `off` downloads nothing. */
  mode: RemoteMediaMode;
  /** WHISP_FEDERATION_ALLOW_PRIVATE: development and tests download from loopback too. */
  allowPrivateAddress: boolean;
  /** Sent with every download, as Fedify sends its own for documents. */
  userAgent: string;
  log: FederationLog;
}

/**
 * Files other servers name, brought into this server's media: a remote whisp's pictures and
 * videos (remote-attachments.ts) and a remote member's avatar and banner
 * (remote-profile-images.ts). A file that cannot be had is logged and left out; what names it is
 * kept without it.
 */
export class RemoteMedia {
  readonly db: Kysely<DatabaseSchema>;
  readonly storage: MediaStorage;
  readonly log: FederationLog;
  readonly #options: RemoteMediaOptions;
  readonly #policy: AddressPolicy;

  constructor(options: RemoteMediaOptions) {
    this.db = options.db;
    this.storage = options.storage;
    this.log = options.log;
    this.#options = options;
    this.#policy = addressPolicy(options.allowPrivateAddress);
  }

  get enabled() {
    return this.#options.mode === 'fetch';
  }

  /**
   * Downloads `url` into a new file of `temporary` (which the caller empties afterwards), within
   * the size `maxBytesFor` gives from its first bytes. Undefined, with the reason logged, when
   * it cannot be had: refused, too large, of an unwanted kind, unreachable, too slow.
   */
  async download(
    url: URL,
    maxBytesFor: (head: Buffer) => number | undefined,
    temporary: ReturnType<typeof temporaryFiles>,
  ): Promise<SpooledFile | undefined> {
    try {
      return await downloadToFile(url, await temporary.next(), {
        policy: this.#policy,
        maxBytesFor,
        timeoutMs: DOWNLOAD_TIMEOUT_MS,
        userAgent: this.#options.userAgent,
      });
    } catch (error) {
      this.skipped(url, error);
      return undefined;
    }
  }

  /** A file left out: why, for the operator. */
  skipped(url: URL, error: unknown) {
    const reason = error instanceof Error ? error.message : String(error);
    const details = { url: url.href, reason };
    if (error instanceof RemoteFileRefused) {
      this.log.info(details, 'federation: a remote file was refused and left out');
    } else {
      this.log.warn(details, 'federation: a remote file could not be downloaded and was left out');
    }
  }

  temporaryFiles() {
    return temporaryFiles(this.storage);
  }

  /** Deletes those of these stored files that nothing names (a whisp not kept, a file replaced). */
  async removeUnused(keys: readonly string[]) {
    if (keys.length === 0) return;
    await removeUnusedFiles(this.db, this.storage, [...new Set(keys)]);
  }
}
