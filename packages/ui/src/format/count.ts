/**
 * Counts as the spec shows them: plain below a thousand, then K and M with one decimal.
 * The decimal is truncated, not rounded, so a count is never shown higher than it is
 * (1,999 likes reads 1.9K, never 2.0K) and 999,999 never turns into "1000.0K".
 */
export function formatCount(count: number): string {
  if (!Number.isFinite(count) || count < 0) return '0';
  const whole = Math.floor(count);
  if (whole < 1_000) return String(whole);
  if (whole < 1_000_000) return `${oneDecimal(whole / 1_000)}K`;
  return `${oneDecimal(whole / 1_000_000)}M`;
}

function oneDecimal(value: number): string {
  return (Math.floor(value * 10) / 10).toFixed(1);
}
