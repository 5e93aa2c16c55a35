import type { DeviceKind } from '@whisp/ui';
import Bowser from 'bowser';

export interface DescribedDevice {
  /** "Chrome on macOS", "Safari on iOS", or "Unknown device". */
  device: string;
  deviceKind: DeviceKind;
}

const kinds: Record<string, DeviceKind> = {
  mobile: 'mobile',
  tablet: 'tablet',
  desktop: 'desktop',
};

/**
 * A session's device as a member recognises it, from the User-Agent it signed in with. The
 * server keeps the raw string; naming it is the app's job, so a better parser needs no migration.
 */
export function describeDevice(userAgent: string | null): DescribedDevice {
  if (!userAgent) return { device: 'Unknown device', deviceKind: 'desktop' };
  const { browser, os, platform } = Bowser.parse(userAgent);
  const browserName = browser.name || 'Unknown browser';
  const kind = kinds[platform.type ?? ''] ?? 'desktop';
  // A Mac is nearly always a laptop these days; the icon is a hint, not a claim.
  const deviceKind = kind === 'desktop' && os.name === 'macOS' ? 'laptop' : kind;
  return { device: os.name ? `${browserName} on ${os.name}` : browserName, deviceKind };
}
