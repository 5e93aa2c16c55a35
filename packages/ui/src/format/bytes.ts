const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;
const STEP = 1024;

/**
 * A byte count as a person reads it: `512 bytes`, `1.5 KB`, `24 MB`, `1.2 GB` (binary steps, the
 * way file managers and the server's MB limits count; one decimal below 10, none above).
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < STEP) return `${Math.round(bytes)} ${bytes === 1 ? 'byte' : 'bytes'}`;
  let value = bytes;
  let unit = 0;
  while (value >= STEP && unit < UNITS.length - 1) {
    value /= STEP;
    unit += 1;
  }
  // Truncated rather than rounded, so 1023.9 KB never reads as "1024 KB" or jumps a unit early.
  const shown = value < 10 ? Math.floor(value * 10) / 10 : Math.floor(value);
  return `${shown} ${UNITS[unit]}`;
}

/** The whole percent of `loaded` in `total`, 0–100; undefined when the total is unknown. */
export function percentOf(loaded: number, total: number | null | undefined): number | undefined {
  if (!total || total <= 0) return undefined;
  return Math.min(100, Math.max(0, Math.floor((loaded / total) * 100)));
}
