import { isIPv4, isIPv6 } from 'node:net';

/** A browser and operating system family, read from a User-Agent header (versions ignored). */
export interface DeviceInfo {
  browser: string;
  os: string;
  /** "Firefox on Windows", "Safari on iOS", "Unknown browser on an unknown system". */
  label: string;
}

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bHeadlessChrome\//, 'Headless Chrome'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\/|\bMobile\/\w+ Safari\//, 'Safari'],
  [/^curl\//i, 'curl'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\biPhone\b|\biPad\b|\biPod\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

export function describeUserAgent(userAgent: string | null | undefined): DeviceInfo {
  const ua = (userAgent ?? '').slice(0, 512);
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1] ?? 'Unknown browser';
  const os = SYSTEMS.find(([re]) => re.test(ua))?.[1] ?? 'unknown system';
  return { browser, os, label: `${browser} on ${os === 'unknown system' ? 'an unknown system' : os}` };
}

function expandIPv6(ip: string): string[] {
  const [head = '', tail = ''] = ip.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const missing = ip.includes('::') ? 8 - h.length - t.length : 0;
  return [...h, ...Array.from({ length: missing }, () => '0'), ...t].map((part) => part.padStart(4, '0').toLowerCase());
}

/**
 * The network an address belongs to, coarse enough that a home or office keeps it across a
 * re-dial: IPv4 /16, IPv6 /48. IPv4-mapped IPv6 addresses count as IPv4.
 */
export function networkOf(ip: string | null | undefined): string {
  const address = (ip ?? '').trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  if (isIPv4(address)) {
    const [a, b] = address.split('.');
    return `${a}.${b}.0.0/16`;
  }
  if (isIPv6(address))
    return `${expandIPv6(address.split('%')[0] ?? address)
      .slice(0, 3)
      .join(':')}::/48`;
  return 'unknown network';
}

/**
 * A sign-in's device family: browser + OS (from the User-Agent) + network (from the IP). A
 * sign-in whose family this account has never used before counts as a new device.
 */
export function deviceKey(userAgent: string | null | undefined, ip: string | null | undefined): { key: string; label: string } {
  const device = describeUserAgent(userAgent);
  return { key: `${device.browser}|${device.os}|${networkOf(ip)}`, label: device.label };
}
