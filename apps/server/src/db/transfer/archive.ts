import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { MEDIA_KEY_PATTERN } from '../../media/storage.js';
import { TransferError } from './errors.js';

/**
 * A network archive is a directory:
 *   manifest.json        what is inside (written last: an archive without it is incomplete)
 *   tables/<name>.jsonl  one row per line, as PostgreSQL's row_to_json wrote it
 *   media/<ab>/<key>     the uploaded files, laid out as the server stores them
 * A directory rather than one file keeps every part readable with everyday tools and lets the
 * importer stream each table; `tar` makes it one file for the trip between machines.
 */
export const ARCHIVE_FORMAT = 'whisp-network-archive';
export const ARCHIVE_FORMAT_VERSION = 1;
export const MANIFEST_FILE_NAME = 'manifest.json';

// Table names become file names and SQL identifiers: nothing that can climb out of the archive.
const TABLE_NAME_PATTERN = /^[a-z_][a-z0-9_]*$/;

const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.number().int(),
  createdAt: z.string(),
  whispVersion: z.string(),
  migrations: z.array(z.object({ version: z.number().int(), name: z.string() })),
  tables: z.array(
    z.object({
      name: z.string().regex(TABLE_NAME_PATTERN),
      columns: z.array(z.string()).min(1),
      rows: z.number().int().min(0),
    }),
  ),
  sequences: z.array(
    z.object({
      name: z.string(),
      // Text, because a bigint does not fit a JavaScript number.
      lastValue: z.string().regex(/^-?\d+$/),
      isCalled: z.boolean(),
    }),
  ),
  media: z.array(
    z.object({
      key: z.string().regex(MEDIA_KEY_PATTERN),
      bytes: z.number().int().min(0),
      sha256: z.string().regex(/^[a-f0-9]{64}$/),
    }),
  ),
});

export type ArchiveManifest = z.infer<typeof manifestSchema>;
export type ArchivedTable = ArchiveManifest['tables'][number];
export type ArchivedMedia = ArchiveManifest['media'][number];

export const tableFile = (archiveDir: string, table: string) =>
  path.join(archiveDir, 'tables', `${table}.jsonl`);

/** The same two-character folders as src/media/storage.ts. */
export const mediaFileIn = (directory: string, key: string) =>
  path.join(directory, key.slice(0, 2), key);

export const archivedMediaFile = (archiveDir: string, key: string) =>
  mediaFileIn(path.join(archiveDir, 'media'), key);

export async function readManifest(archiveDir: string): Promise<ArchiveManifest> {
  const isDirectory = await stat(archiveDir).then(
    (found) => found.isDirectory(),
    () => false,
  );
  if (!isDirectory) {
    throw new TransferError(`${archiveDir} is not a directory made by pnpm db:export`);
  }
  let text: string;
  try {
    text = await readFile(path.join(archiveDir, MANIFEST_FILE_NAME), 'utf8');
  } catch {
    throw new TransferError(
      `${archiveDir} has no ${MANIFEST_FILE_NAME}: it is not an archive made by pnpm db:export, ` +
        'or the export did not finish. Export again.',
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new TransferError(`${path.join(archiveDir, MANIFEST_FILE_NAME)} is not valid JSON`);
  }
  const version = (parsed as { formatVersion?: unknown } | null)?.formatVersion;
  if (typeof version === 'number' && version !== ARCHIVE_FORMAT_VERSION) {
    throw new TransferError(
      `The archive is in format version ${version}; this Whisp reads version ` +
        `${ARCHIVE_FORMAT_VERSION}. Import it with the Whisp version that exported it.`,
    );
  }
  const result = manifestSchema.safeParse(parsed);
  if (!result.success) {
    const problems = result.error.issues
      .slice(0, 5)
      .map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new TransferError(
      `${path.join(archiveDir, MANIFEST_FILE_NAME)} is not a Whisp archive manifest:\n${problems.join('\n')}`,
    );
  }
  return result.data;
}

/** The lines of a table file, one row each, never all in memory at once. */
export async function* readRowLines(file: string): AsyncGenerator<string> {
  const lines = createInterface({
    input: createReadStream(file),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  for await (const line of lines) {
    if (line.length > 0) yield line;
  }
}
