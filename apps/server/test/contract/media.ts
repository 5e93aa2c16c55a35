import sharp from 'sharp';
import type { FilePart } from './target.js';

/** Real images of each accepted kind, small enough to send often. */
export async function imageBytes(format: 'png' | 'jpeg' | 'gif' | 'webp', size = 8) {
  const image = sharp({
    create: { width: size, height: size, channels: 3, background: '#7c3aed' },
  });
  return new Uint8Array(await image.toFormat(format).toBuffer());
}

/** An MP4 as far as its first bytes tell: an ISO BMFF "ftyp" box. */
export function mp4Bytes() {
  const bytes = Buffer.alloc(64);
  bytes.writeUInt32BE(24, 0);
  bytes.write('ftypisom', 4, 'latin1');
  return new Uint8Array(bytes);
}

export const TEXT_AS_PNG = new TextEncoder().encode('Just some text, whatever its name says.\n');
export const SVG = new TextEncoder().encode(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);
export const XML_SVG = new TextEncoder().encode(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"></svg>',
);
export const HTML = new TextEncoder().encode('<!doctype html><html><body>hi</body></html>');

export const file = (
  field: string,
  filename: string,
  type: string,
  bytes: Uint8Array,
): FilePart => ({ field, filename, type, bytes });
