/**
 * Files an attacker uploads as pictures: documents that run script, images that carry a second
 * file, broken images and decompression bombs. Built byte by byte so each is exactly what its name
 * says. Used by test/routes/users/images.test.ts and test/routes/posts/media.test.ts.
 */
import sharp from 'sharp';

/** Marks the attacker's payload, so a test can look for it in what the server stored. */
export const PAYLOAD_MARKER = 'WHISP_PAYLOAD_7f3a';
export const SCRIPT = `<script>alert("${PAYLOAD_MARKER}")</script>`;
export const HTML_PAGE = `<!doctype html><html><body>${SCRIPT}</body></html>`;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 as PNG chunks and zip entries use it (zlib.crc32 needs Node 22). */
function crc32(bytes: Buffer) {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A decompression bomb: a valid PNG header declaring 100 000 × 100 000 pixels (ten gigapixels, 30
 * GB decoded) in a file of under a hundred bytes.
 */
export function pixelBombPng() {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(100_000, 0);
  header.writeUInt32BE(100_000, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter, no interlace
  // The start of a deflate stream of zeros: enough for a decoder to begin, nowhere near the end.
  const data = Buffer.from([0x78, 0x9c, 0xed, 0xc1, 0x01, 0x0d, 0x00, 0x00, 0x00, 0xc2]);
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', data),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A zip archive holding one HTML file, stored uncompressed (as a GIFAR-style polyglot carries it). */
export function zipWithHtml() {
  const name = Buffer.from('evil.html');
  const data = Buffer.from(HTML_PAGE);
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(name.length, 28);
  const centralOffset = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

/** A JPEG whose comment segment (COM, right after the start marker) holds an HTML page. */
function withJpegComment(jpeg: Buffer, comment: string) {
  const text = Buffer.from(comment);
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, text, jpeg.subarray(2)]);
}

const picture = (format: 'png' | 'jpeg' | 'gif', width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: '#7c3aed' } })
    .toFormat(format)
    .toBuffer();

export interface HostileFile {
  name: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** Files that are no image at all, or only start like one: each must be refused. */
export async function filesToRefuse(): Promise<HostileFile[]> {
  const png = await picture('png', 300, 300);
  return [
    { name: 'zero bytes', filename: 'empty.png', contentType: 'image/png', bytes: Buffer.alloc(0) },
    {
      name: 'an HTML page named .png',
      filename: 'photo.png',
      contentType: 'image/png',
      bytes: Buffer.from(HTML_PAGE),
    },
    {
      name: 'an SVG with script, declared as a PNG',
      filename: 'logo.png',
      contentType: 'image/png',
      bytes: Buffer.from(
        `\ufeff  <svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">${SCRIPT}</svg>`,
      ),
    },
    {
      name: 'an HTML page with a PNG appended',
      filename: 'page.png',
      contentType: 'image/png',
      bytes: Buffer.concat([Buffer.from(HTML_PAGE), png]),
    },
    {
      name: 'a GIF header followed by HTML',
      filename: 'x.gif',
      contentType: 'image/gif',
      bytes: Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.from(HTML_PAGE)]),
    },
    {
      name: 'a JPEG header followed by script',
      filename: 'x.jpg',
      contentType: 'image/jpeg',
      bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(SCRIPT)]),
    },
    ...[8, 33, Math.floor(png.length / 2)].map((length) => ({
      name: `a PNG cut after ${length} bytes`,
      filename: 'cut.png',
      contentType: 'image/png',
      bytes: png.subarray(0, length),
    })),
  ];
}

/**
 * Real images carrying a second file or a script: the image is accepted and re-encoded, which
 * keeps the pixels and leaves the payload behind.
 */
export async function polyglotsToClean(): Promise<HostileFile[]> {
  return [
    {
      name: 'a PNG with a zip appended',
      filename: 'photo.png',
      contentType: 'image/png',
      bytes: Buffer.concat([await picture('png'), zipWithHtml()]),
    },
    {
      name: 'a GIF with script appended',
      filename: 'photo.gif',
      contentType: 'image/gif',
      bytes: Buffer.concat([await picture('gif'), Buffer.from(SCRIPT)]),
    },
    {
      name: 'a JPEG with an HTML page in its comment segment',
      filename: 'photo.jpg',
      contentType: 'image/jpeg',
      bytes: withJpegComment(await picture('jpeg'), HTML_PAGE),
    },
  ];
}

/**
 * Fails unless `bytes` are one WebP image and nothing else: the RIFF container's declared size
 * covers the whole file (nothing appended), and no trace of the payload or a zip remains.
 */
export function expectOnlyWebp(bytes: Buffer) {
  const problems: string[] = [];
  if (bytes.subarray(0, 4).toString('latin1') !== 'RIFF') problems.push('no RIFF header');
  if (bytes.subarray(8, 12).toString('latin1') !== 'WEBP') problems.push('not WebP');
  if (bytes.length >= 8 && bytes.readUInt32LE(4) + 8 !== bytes.length) {
    problems.push(`RIFF declares ${bytes.readUInt32LE(4) + 8} bytes, file has ${bytes.length}`);
  }
  const text = bytes.toString('latin1');
  if (text.includes(PAYLOAD_MARKER)) problems.push('the payload is still there');
  if (/<script|<html|<svg/i.test(text)) problems.push('markup is still there');
  if (text.includes('PK\u0003\u0004') || text.includes('PK\u0005\u0006')) {
    problems.push('a zip is still there');
  }
  if (problems.length > 0)
    throw new Error(`Stored file is not a clean WebP: ${problems.join('; ')}`);
}
