/**
 * Which files Whisp takes, recognised from their first bytes, never from a name or a declared
 * type (both are the sender's word). SVG is not on the list: it is a document that can carry
 * script. The server sniffs with this before decoding; the mocks sniff with it too.
 */
import type { MediaKind } from './choices.js';

export const IMAGE_MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const VIDEO_MEDIA_TYPES = ['video/mp4', 'video/webm'] as const;

export type ImageMediaType = (typeof IMAGE_MEDIA_TYPES)[number];
export type VideoMediaType = (typeof VIDEO_MEDIA_TYPES)[number];
export type MediaType = ImageMediaType | VideoMediaType;

/** The extension a stored file of each type gets (a file's name is its hash and this). */
export const MEDIA_TYPE_EXTENSIONS: Readonly<Record<MediaType, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
};

/**
 * Whether a stored attachment (`/media/<hash>.<extension>`, a key or a full URL) is a video or an
 * image, from the extension the server gave it: a stored file's name is its type, so no lookup.
 */
export function mediaKindOf(url: string): MediaKind {
  return /\.(?:mp4|webm)(?:[?#].*)?$/i.test(url) ? 'video' : 'image';
}

/** For a file input's `accept`: avatars and banners take images, a whisp images or a video. */
export const IMAGE_ACCEPT = IMAGE_MEDIA_TYPES.join(',');
export const POST_MEDIA_ACCEPT = [...IMAGE_MEDIA_TYPES, ...VIDEO_MEDIA_TYPES].join(',');

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];

function startsWith(bytes: Uint8Array, expected: readonly number[], at = 0) {
  if (bytes.length < at + expected.length) return false;
  return expected.every((byte, index) => bytes[at + index] === byte);
}

function ascii(bytes: Uint8Array, from: number, to: number) {
  return String.fromCharCode(...bytes.subarray(from, to));
}

/**
 * The type these bytes are, or null for anything Whisp does not take. An MP4 (ISO BMFF) opens
 * with a box whose type is "ftyp"; a WebM is an EBML document whose DocType is "webm" (Matroska
 * files share the EBML header, but browsers do not all play them).
 */
export function sniffMediaType(bytes: Uint8Array): MediaType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png';
  const start = ascii(bytes, 0, 6);
  if (start === 'GIF87a' || start === 'GIF89a') return 'image/gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') {
    return 'image/webp';
  }
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') return 'video/mp4';
  if (startsWith(bytes, EBML_MAGIC) && ascii(bytes, 0, 64).includes('webm')) return 'video/webm';
  return null;
}

export function isImageMediaType(type: MediaType | null): type is ImageMediaType {
  return (IMAGE_MEDIA_TYPES as readonly string[]).includes(type ?? '');
}

export function isVideoMediaType(type: MediaType | null): type is VideoMediaType {
  return (VIDEO_MEDIA_TYPES as readonly string[]).includes(type ?? '');
}

/**
 * True when the bytes read as an SVG document: refused with its own message, since a person who
 * chose one deserves to hear why a picture was turned down.
 */
export function looksLikeSvg(bytes: Uint8Array): boolean {
  const start = new TextDecoder().decode(bytes.subarray(0, 1024)).trimStart().toLowerCase();
  return start.startsWith('<svg') || (start.startsWith('<?xml') && start.includes('<svg'));
}
