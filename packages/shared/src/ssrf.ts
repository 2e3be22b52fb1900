/**
 * Address rules for every outgoing request to a URL we did not choose (webhooks, providers' output
 * downloads, the SEO page fetcher): pure, no Node APIs, so they are unit tested on their own and
 * could run anywhere. The DNS lookup and the pinned connect live with each sender; this file only
 * says which addresses are public.
 *
 * Refused: unspecified, loopback, private (RFC 1918), CGNAT (100.64/10), link-local (incl. the
 * 169.254.169.254 cloud metadata service), benchmarking, documentation, multicast and reserved
 * IPv4; IPv6 loopback, unspecified, unique-local (fc00::/7, incl. AWS's fd00:ec2::254 metadata),
 * link-local, site-local, multicast, documentation, discard; and IPv6 forms that carry an IPv4
 * address (v4-mapped ::ffff:a.b.c.d, v4-compatible, NAT64 64:ff9b::/96, 6to4 2002::/16) are
 * judged by the IPv4 address inside.
 */

/** [network, prefix length] */
const BLOCKED_V4: readonly [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // TEST-NET-1
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // TEST-NET-2
  ['203.0.113.0', 24], // TEST-NET-3
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

const BLOCKED_V6: readonly [string, number][] = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (incl. fd00:ec2::254, AWS metadata)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

/** The four bytes of a dotted-quad IPv4 address, or null when it is not one. */
export function parseIpv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes: number[] = [];
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p)) return null;
    const n = Number(p);
    if (n > 255) return null;
    bytes.push(n);
  }
  return bytes;
}

/** The eight 16-bit groups of an IPv6 address (brackets and zone id allowed), or null. */
export function parseIpv6(text: string): number[] | null {
  let s = text.replace(/^\[|\]$/g, '').split('%')[0] ?? '';
  if (!s.includes(':')) return null;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (dotted) {
    const v4 = parseIpv4(dotted[1] as string);
    if (!v4) return null;
    const [a, b, c, d] = v4 as [number, number, number, number];
    s = `${s.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? (halves[0] as string).split(':') : [];
  const tail = halves.length === 2 ? (halves[1] ? (halves[1] as string).split(':') : []) : null;
  let groups: string[];
  if (tail) {
    const fill = 8 - head.length - tail.length;
    if (fill < 1) return null;
    groups = [...head, ...Array<string>(fill).fill('0'), ...tail];
  } else groups = head;
  if (groups.length !== 8) return null;
  const out: number[] = [];
  for (const g of groups) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null;
    out.push(Number.parseInt(g, 16));
  }
  return out;
}

const bitsOf = (bytes: number[]) => bytes.map((b) => b.toString(2).padStart(8, '0')).join('');
const bitsOf16 = (groups: number[]) => groups.map((g) => g.toString(2).padStart(16, '0')).join('');

function inRanges(bits: string, ranges: readonly [string, number][], parse: (s: string) => string) {
  return ranges.some(([network, prefix]) => bits.slice(0, prefix) === parse(network).slice(0, prefix));
}

/** The IPv4 address an IPv6 address carries (v4-mapped, v4-compatible, NAT64, 6to4), if any. */
export function embeddedIpv4(groups: number[]): number[] | null {
  const v4 = (hi: number, lo: number) => [hi >> 8, hi & 255, lo >> 8, lo & 255];
  const zeros = (n: number) => groups.slice(0, n).every((g) => g === 0);
  const g = (i: number) => groups[i] as number;
  if (zeros(5) && g(5) === 0xffff) return v4(g(6), g(7)); // ::ffff:a.b.c.d
  if (zeros(6) && (g(6) !== 0 || g(7) > 1)) return v4(g(6), g(7)); // ::a.b.c.d
  if (g(0) === 0x64 && g(1) === 0xff9b && groups.slice(2, 6).every((x) => x === 0)) return v4(g(6), g(7)); // NAT64
  if (g(0) === 0x2002) return v4(g(1), g(2)); // 6to4
  return null;
}

export type AddressVerdict = { public: true } | { public: false; reason: string };

/** Whether a literal IP address (v4 or v6) is a public unicast address a request may go to. */
export function classifyAddress(ip: string): AddressVerdict {
  const v4 = parseIpv4(ip);
  if (v4) {
    return inRanges(bitsOf(v4), BLOCKED_V4, (n) => bitsOf(parseIpv4(n) as number[]))
      ? { public: false, reason: `${ip} is a private, loopback, link-local or reserved address` }
      : { public: true };
  }
  const v6 = parseIpv6(ip);
  if (!v6) return { public: false, reason: `${ip} is not an IP address` };
  const inner = embeddedIpv4(v6);
  if (inner) {
    const verdict = classifyAddress(inner.join('.'));
    return verdict.public ? verdict : { public: false, reason: `${ip} carries ${inner.join('.')}, a private or reserved address` };
  }
  return inRanges(bitsOf16(v6), BLOCKED_V6, (n) => bitsOf16(parseIpv6(n) as number[]))
    ? { public: false, reason: `${ip} is a private, loopback, link-local or reserved address` }
    : { public: true };
}

export const isPublicIp = (ip: string): boolean => classifyAddress(ip).public;

/** True when the host of a URL is a literal IP address (after the URL parser normalised it). */
export function literalIp(hostname: string): string | null {
  const bare = hostname.replace(/^\[|\]$/g, '');
  return parseIpv4(bare) || parseIpv6(bare) ? bare : null;
}

export interface UrlCheckOptions {
  /** WEBHOOK_ALLOW_PRIVATE: development and tests only; lifts the address rules and allows http. */
  allowPrivate: boolean;
}

/**
 * What can be said about a webhook URL without DNS: https only (http when private addresses are
 * allowed), no credentials, a host, and — when the host is a literal IP or `localhost` — a public one.
 * Returns the reason it is refused, or null. The sender checks the resolved addresses again at send time.
 */
export function checkWebhookUrl(raw: string, options: UrlCheckOptions): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Enter a full URL, e.g. https://example.com/webhooks/atelier';
  }
  if (url.protocol !== 'https:' && !(options.allowPrivate && url.protocol === 'http:')) return 'The URL must start with https://';
  if (url.username || url.password) return 'The URL must not contain a user name or password';
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (!host) return 'The URL has no host';
  if (options.allowPrivate) return null;
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal') || host.endsWith('.local'))
    return 'The URL must point at a public address, not a local one';
  const ip = literalIp(host);
  if (ip && !isPublicIp(ip)) return 'The URL must point at a public address, not a private, loopback or link-local one';
  return null;
}
