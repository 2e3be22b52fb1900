import { describe, expect, it } from 'vitest';
import { describeUserAgent, deviceKey, networkOf } from './user-agent';

const UA = {
  chromeMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  chromeMacNewer: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
  edgeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
  firefoxLinux: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  chromeAndroid: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  safariMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
};

describe('describeUserAgent', () => {
  it('names the browser and the operating system, not their versions', () => {
    expect(describeUserAgent(UA.chromeMac).label).toBe('Chrome on macOS');
    expect(describeUserAgent(UA.edgeWindows).label).toBe('Edge on Windows');
    expect(describeUserAgent(UA.firefoxLinux).label).toBe('Firefox on Linux');
    expect(describeUserAgent(UA.safariIphone).label).toBe('Safari on iOS');
    expect(describeUserAgent(UA.chromeAndroid).label).toBe('Chrome on Android');
    expect(describeUserAgent(UA.safariMac).label).toBe('Safari on macOS');
  });

  it('says so when it cannot tell', () => {
    expect(describeUserAgent(undefined).label).toBe('Unknown browser on an unknown system');
    expect(describeUserAgent('curl/8.5.0').label).toBe('curl on an unknown system');
  });
});

describe('networkOf', () => {
  it('keeps an IPv4 /16 and an IPv6 /48', () => {
    expect(networkOf('203.0.113.57')).toBe('203.0.0.0/16');
    expect(networkOf('::ffff:203.0.113.57')).toBe('203.0.0.0/16');
    expect(networkOf('2001:db8:abcd:12::1')).toBe('2001:0db8:abcd::/48');
    expect(networkOf('2001:db8::1')).toBe('2001:0db8:0000::/48');
    expect(networkOf('not an ip')).toBe('unknown network');
  });
});

describe('deviceKey', () => {
  it('is the same for a browser update on the same network, different for another browser or network', () => {
    const home = deviceKey(UA.chromeMac, '198.51.100.7');
    expect(deviceKey(UA.chromeMacNewer, '198.51.23.9').key).toBe(home.key);
    expect(deviceKey(UA.firefoxLinux, '198.51.100.7').key).not.toBe(home.key);
    expect(deviceKey(UA.chromeMac, '203.0.113.7').key).not.toBe(home.key);
    expect(home.label).toBe('Chrome on macOS');
  });
});
