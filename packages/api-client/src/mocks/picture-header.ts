import type { ImageMediaType } from '../contract/media-types.js';

// The mocks cannot decode pictures, but every accepted format states its size in its first
// bytes, and an animation shows in its structure: a GIF with more than one image, a WebP with an
// ANIM chunk. Enough for media[] to tell what the server would (the server measures the
// re-encoded picture; the mocks serve the bytes as sent, so their header is the truth here).

export interface PictureHeader {
  width: number;
  height: number;
  animated: boolean;
}

const ascii = (bytes: Uint8Array, from: number, length: number) =>
  String.fromCharCode(...bytes.subarray(from, from + length));

function view(bytes: Uint8Array) {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function png(bytes: Uint8Array): PictureHeader | null {
  // The IHDR chunk comes first, right after the 8-byte signature and its own length and type.
  if (bytes.length < 24 || ascii(bytes, 12, 4) !== 'IHDR') return null;
  const data = view(bytes);
  return { width: data.getUint32(16), height: data.getUint32(20), animated: false };
}

/** Skips a run of GIF data sub-blocks (each a length byte, then that many bytes; 0 ends). */
function skipSubBlocks(bytes: Uint8Array, at: number) {
  let offset = at;
  while (offset < bytes.length) {
    const length = bytes[offset] ?? 0;
    offset += 1;
    if (length === 0) return offset;
    offset += length;
  }
  return offset;
}

const colourTableSize = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);

function gif(bytes: Uint8Array): PictureHeader | null {
  if (bytes.length < 13) return null;
  const data = view(bytes);
  const width = data.getUint16(6, true);
  const height = data.getUint16(8, true);
  let offset = 13 + colourTableSize(bytes[10] ?? 0);
  let images = 0;
  // Counting stops at the second image: that is all "animated" needs.
  while (offset < bytes.length && images < 2) {
    const block = bytes[offset];
    if (block === 0x2c) {
      images += 1;
      const flags = bytes[offset + 9] ?? 0;
      // Descriptor (10 bytes), local colour table, LZW code size (1 byte), then the pixels.
      offset = skipSubBlocks(bytes, offset + 10 + colourTableSize(flags) + 1);
    } else if (block === 0x21) {
      offset = skipSubBlocks(bytes, offset + 2);
    } else {
      break;
    }
  }
  return { width, height, animated: images > 1 };
}

function jpeg(bytes: Uint8Array): PictureHeader | null {
  const data = view(bytes);
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] ?? 0;
    // Start-of-frame markers (C0–CF but for DHT C4, JPG C8 and DAC CC) hold the size.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return {
        height: data.getUint16(offset + 5),
        width: data.getUint16(offset + 7),
        animated: false,
      };
    }
    offset += 2 + data.getUint16(offset + 2);
  }
  return null;
}

function webp(bytes: Uint8Array): PictureHeader | null {
  const data = view(bytes);
  let size: { width: number; height: number } | null = null;
  let animated = false;
  // RIFF chunks after "RIFF", the file size and "WEBP": a four-letter type, a size, the data
  // (padded to an even length).
  for (let offset = 12; offset + 8 <= bytes.length; ) {
    const type = ascii(bytes, offset, 4);
    const length = data.getUint32(offset + 4, true);
    const at = offset + 8;
    if (type === 'ANIM') animated = true;
    if (type === 'VP8X' && at + 10 <= bytes.length) {
      const read24 = (from: number) =>
        (bytes[from] ?? 0) | ((bytes[from + 1] ?? 0) << 8) | ((bytes[from + 2] ?? 0) << 16);
      size = { width: read24(at + 4) + 1, height: read24(at + 7) + 1 };
    } else if (type === 'VP8 ' && !size && at + 10 <= bytes.length) {
      size = {
        width: data.getUint16(at + 6, true) & 0x3fff,
        height: data.getUint16(at + 8, true) & 0x3fff,
      };
    } else if (type === 'VP8L' && !size && at + 5 <= bytes.length) {
      const bits = data.getUint32(at + 1, true);
      size = { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    offset = at + length + (length % 2);
  }
  return size ? { ...size, animated } : null;
}

/** The size of a picture and whether it moves, from its bytes; null when they do not tell. */
export function readPictureHeader(bytes: Uint8Array, type: ImageMediaType): PictureHeader | null {
  const header = { 'image/png': png, 'image/gif': gif, 'image/jpeg': jpeg, 'image/webp': webp }[
    type
  ](bytes);
  return header && header.width > 0 && header.height > 0 ? header : null;
}
