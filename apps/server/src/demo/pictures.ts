import sharp from 'sharp';
import { AVATAR_SIZE } from '../media/images.js';
import type { MediaStorage } from '../media/storage.js';
import {
  describeStoredPicture,
  imageDetails,
  keyFor,
  type PostImage,
  toPostImage,
} from '../posts/media.js';
import type { StoredMediaDetails } from '../posts/media-items.js';
import type { Random } from './random.js';

// Calm, saturated colours that keep white initials readable (each at least 4.5:1 with white).
const AVATAR_COLOURS = [
  '#6d28d9',
  '#1d4ed8',
  '#0f766e',
  '#b45309',
  '#be123c',
  '#4338ca',
  '#15803d',
  '#a21caf',
  '#0369a1',
  '#9f1239',
  '#7c2d12',
  '#334155',
];

function initials(displayName: string) {
  const words = displayName.split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : [words[0]];
  return letters.map((word) => [...(word ?? '?')][0]?.toUpperCase() ?? '').join('');
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);

async function store(storage: MediaStorage, svg: string, width: number, height: number) {
  const bytes = await sharp(Buffer.from(svg))
    .resize(width, height)
    .webp({ quality: 80 })
    .toBuffer();
  const key = keyFor(bytes, 'webp');
  await storage.put(key, bytes);
  return key;
}

/**
 * Runs `render` with sharp on one libvips thread and without libvips' operation cache, then puts
 * both back. Drawing 49 pictures on every thread at once left about 95 MB more resident after the
 * demo load (glibc keeps each thread's freed memory); this way about 55 MB.
 */
export async function renderingFrugally<T>(render: () => Promise<T>): Promise<T> {
  const threads = sharp.concurrency();
  const { memory, files, items } = sharp.cache();
  sharp.concurrency(1);
  sharp.cache(false);
  try {
    return await render();
  } finally {
    sharp.concurrency(threads);
    sharp.cache({ memory: memory.max, files: files.max, items: items.max });
  }
}

/** Initials on a colour, as a stored WebP avatar; returns its media key. */
export function renderAvatar(storage: MediaStorage, displayName: string, random: Random) {
  const { width, height } = AVATAR_SIZE;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="${random.pick(AVATAR_COLOURS)}"/>
    <text x="50%" y="50%" dy="0.35em" text-anchor="middle" fill="#ffffff"
      font-family="DejaVu Sans, Arial, sans-serif" font-size="160" font-weight="700">${escapeXml(initials(displayName))}</text>
  </svg>`;
  return store(storage, svg, width, height);
}

const SKIES = [
  ['#fde68a', '#f97316'],
  ['#bae6fd', '#6366f1'],
  ['#fecdd3', '#7c3aed'],
  ['#a7f3d0', '#0e7490'],
  ['#fef3c7', '#db2777'],
];

/** A small landscape (sky, sun, hills) standing in for a member's photo, stored as an upload. */
export async function renderLandscape(storage: MediaStorage, random: Random) {
  const [top, bottom] = random.pick(SKIES);
  const sunX = random.int(150, 1050);
  const hills = Array.from({ length: 3 }, (_, layer) => {
    const base = 480 + layer * 90;
    const peak = base - random.int(80, 220);
    const shade = ['#1e293b', '#334155', '#475569'][layer];
    return `<path d="M0 ${base} Q ${random.int(200, 1000)} ${peak} 1200 ${base + random.int(-60, 60)} L1200 800 L0 800 Z" fill="${shade}" opacity="${0.6 + layer * 0.2}"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/>
    </linearGradient></defs>
    <rect width="1200" height="800" fill="url(#sky)"/>
    <circle cx="${sunX}" cy="${random.int(160, 320)}" r="${random.int(50, 110)}" fill="#fff7ed" opacity="0.9"/>
    ${hills}
  </svg>`;
  // Drawn straight to a WebP, as before the details were kept; only the preview and the
  // blurhash are added (a PNG first, then an upload's re-encoding, doubled the demo's drawing).
  const bytes = await sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
  return storeDescribed(
    storage,
    await describeStoredPicture(bytes, { width: 1200, height: 800, animated: false }),
  );
}

/** A demo picture stored as a whisp's upload is: the file, its preview and its details. */
export interface DemoPicture {
  key: string;
  details: StoredMediaDetails;
}

async function storeDescribed(storage: MediaStorage, image: PostImage): Promise<DemoPicture> {
  await storage.put(image.preview.key, image.preview.bytes);
  await storage.put(image.key, image.bytes);
  return { key: image.key, details: imageDetails(image) };
}

const SUNRISE_FRAMES = 8;

/**
 * A looping sunrise over hills, drawn frame by frame and made an animated GIF, then stored as an
 * uploaded GIF is (an animated WebP): the demo's animated picture.
 */
export async function renderAnimation(storage: MediaStorage): Promise<DemoPicture> {
  const [width, height] = [360, 240];
  const frames = await Promise.all(
    Array.from({ length: SUNRISE_FRAMES }, (_, frame) => {
      const sunY = 200 - frame * 18;
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
        <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stop-color="#bae6fd"/><stop offset="1" stop-color="#f97316"/>
        </linearGradient></defs>
        <rect width="${width}" height="${height}" fill="url(#sky)"/>
        <circle cx="180" cy="${sunY}" r="34" fill="#fff7ed"/>
        <path d="M0 190 Q 120 120 360 180 L360 240 L0 240 Z" fill="#334155"/>
      </svg>`;
      // Uncompressed: these PNGs only carry the frames to the GIF encoder.
      return sharp(Buffer.from(svg)).png({ compressionLevel: 0 }).toBuffer();
    }),
  );
  const gif = await sharp(frames, { join: { animated: true } })
    .gif({ loop: 0, delay: Array.from({ length: SUNRISE_FRAMES }, () => 150) })
    .toBuffer();
  // Stored as an uploaded GIF is: re-encoded, an animated WebP.
  return storeDescribed(storage, await toPostImage(gif, 'gif'));
}
