import yauzl from 'yauzl';
import yazl from 'yazl';
import { file } from './media.js';
import type { Member, Target } from './target.js';

/** Every entry of a zip, by name (the test reads the export as a member's unzip would). */
export async function unzip(bytes: Uint8Array): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(Buffer.from(bytes), { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    entries.set(entry.fileName, Buffer.concat(chunks));
  }
  zip.close();
  return entries;
}

/** The JSON file `name` of an unzipped export. */
export function jsonOf(entries: Map<string, Buffer>, name: string) {
  const bytes = entries.get(name);
  if (!bytes) throw new Error(`${name} is not in the archive (${[...entries.keys()].join(', ')})`);
  return JSON.parse(bytes.toString('utf8'));
}

/** A zip of the given entries, as any zip tool would write it. */
export async function zipOf(entries: Record<string, string | Uint8Array>) {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(entries)) {
    zip.addBuffer(Buffer.from(content), name);
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

/** The multipart form of POST /api/users/me/import. */
export const archiveForm = (bytes: Uint8Array, field = 'archive') => [
  file(field, 'whisp-export.zip', 'application/zip', bytes),
];

export const importInto = (target: Target, member: Member, bytes: Uint8Array) =>
  target.call('POST', '/api/users/me/import', { token: member.token, form: archiveForm(bytes) });

/** The manifest.json of an export from another server's account `account`. */
export const manifest = (account = 'old-account', extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    format: 'whisp-account-export',
    version: 1,
    exported_at: '2025-01-02T03:04:05.000Z',
    source: { instance_id: 'another-server', version: '1.0.0' },
    account: { id: account, username: 'old_name' },
    ...extra,
  });

/** One entry of whisps.json, as an export writes it. */
export const archivedWhisp = (
  id: string,
  content: string,
  extra: Record<string, unknown> = {},
) => ({
  id,
  content,
  created_at: '2024-05-06T07:08:09.000Z',
  updated_at: '2024-05-06T07:08:09.000Z',
  is_reply: false,
  reply_to: null,
  rewhisp_of: null,
  media: [],
  reply_settings: { can_reply: 'everyone', can_repost: true },
  ...extra,
});
