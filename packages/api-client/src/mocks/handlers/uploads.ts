import {
  POST_IMAGE_MAX_BYTES,
  POST_MEDIA_MAX_IMAGES,
  POST_VIDEO_MAX_BYTES,
} from '../../contract/limits.js';
import {
  isImageMediaType,
  isVideoMediaType,
  looksLikeSvg,
  MEDIA_TYPE_EXTENSIONS,
  type MediaType,
  sniffMediaType,
} from '../../contract/media-types.js';
import { fail } from '../errors.js';
import { type PictureHeader, readPictureHeader } from '../picture-header.js';

// Uploads as the server takes them: recognised by their bytes (never a name or a declared type),
// named by the hash of their bytes. The server re-encodes images as WebP; the mocks cannot, so
// they keep the bytes as sent under the same kind of name and serve them with their real type.

export interface Upload {
  key: string;
  type: MediaType;
  body: Blob;
}

const isMultipart = (request: Request) =>
  (request.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data');

async function readForm(request: Request) {
  try {
    return await request.formData();
  } catch {
    throw fail('malformedForm');
  }
}

/** The file parts of a form, in order, with the field each came in. */
function fileParts(form: FormData) {
  return [...form.entries()].flatMap(([field, value]) =>
    value instanceof Blob ? [{ field, file: value }] : [],
  );
}

/** 64 hex digits of SHA-256 (or, where Web Crypto is missing, of a non-cryptographic stand-in). */
async function hashOf(bytes: Uint8Array) {
  const subtle = globalThis.crypto?.subtle;
  if (subtle) {
    const digest = new Uint8Array(await subtle.digest('SHA-256', bytes.slice().buffer));
    return [...digest].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  }
  let words = '';
  for (let seed = 0; seed < 8; seed += 1) {
    let hash = 0x811c9dc5 ^ seed;
    for (const byte of bytes) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
    words += hash.toString(16).padStart(8, '0');
  }
  return words;
}

/** An avatar or banner: one image in `field`, at most `maxBytes`, refused by its bytes. */
export async function readImage(request: Request, field: string, maxBytes: number) {
  if (!isMultipart(request)) throw fail('imageNotMultipart', field);
  const [part] = fileParts(await readForm(request));
  if (!part) throw fail('noImage');
  if (part.field !== field) throw fail('imageInWrongField', field);
  if (part.file.size > maxBytes) throw fail('imageFileTooLarge', maxBytes);
  const bytes = new Uint8Array(await part.file.arrayBuffer());
  const type = sniffMediaType(bytes);
  if (!isImageMediaType(type)) throw fail(looksLikeSvg(bytes) ? 'svgRefused' : 'notAnImage');
  return { key: `${await hashOf(bytes)}.webp`, type, body: part.file } satisfies Upload;
}

/** A whisp's media: images, or one video, in `media` parts (other fields are skipped). */
export async function readPostMedia(request: Request) {
  if (!isMultipart(request)) throw fail('mediaNotMultipart');
  const parts = fileParts(await readForm(request));
  // One more file than allowed is read only to say "too many" rather than to drop it silently.
  if (parts.length > POST_MEDIA_MAX_IMAGES + 1) throw fail('tooManyMedia');
  const uploads: (Upload & { kind: 'image' | 'video'; picture?: PictureHeader | null })[] = [];
  for (const { field, file } of parts) {
    if (field !== 'media') continue;
    if (file.size > POST_VIDEO_MAX_BYTES) throw fail('videoTooLarge');
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = sniffMediaType(bytes);
    const hash = await hashOf(bytes);
    if (isImageMediaType(type)) {
      if (file.size > POST_IMAGE_MAX_BYTES) throw fail('postImageTooLarge');
      const picture = readPictureHeader(bytes, type);
      uploads.push({ key: `${hash}.webp`, type, body: file, kind: 'image', picture });
    } else if (isVideoMediaType(type)) {
      uploads.push({
        key: `${hash}.${MEDIA_TYPE_EXTENSIONS[type]}`,
        type,
        body: file,
        kind: 'video',
      });
    } else {
      throw fail('notMedia');
    }
  }
  if (uploads.length === 0) throw fail('noMedia');
  const videos = uploads.filter((upload) => upload.kind === 'video').length;
  if (uploads.length > POST_MEDIA_MAX_IMAGES || (videos > 0 && uploads.length > 1)) {
    throw fail('tooManyMedia');
  }
  return uploads;
}
