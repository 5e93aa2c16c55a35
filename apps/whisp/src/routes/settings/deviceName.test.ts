import { describe, expect, it } from 'vitest';
import { describeDevice } from './deviceName';

describe('describeDevice', () => {
  it('names the browser and the system, with a matching icon', () => {
    expect(
      describeDevice(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ device: 'Safari on iOS', deviceKind: 'mobile' });
    expect(
      describeDevice(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toEqual({ device: 'Chrome on macOS', deviceKind: 'laptop' });
    expect(
      describeDevice(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
      ),
    ).toEqual({ device: 'Firefox on Windows', deviceKind: 'desktop' });
    expect(
      describeDevice(
        'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ device: 'Safari on iOS', deviceKind: 'tablet' });
  });

  it('says so when the session has no user agent, or one it cannot read', () => {
    expect(describeDevice(null)).toEqual({ device: 'Unknown device', deviceKind: 'desktop' });
    expect(describeDevice('')).toEqual({ device: 'Unknown device', deviceKind: 'desktop' });
    expect(describeDevice('curl/8.5.0')).toEqual({
      device: 'Unknown browser',
      deviceKind: 'desktop',
    });
  });
});
