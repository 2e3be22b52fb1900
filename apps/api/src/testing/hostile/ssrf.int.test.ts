import http from 'node:http';
import net from 'node:net';
import { downloadMedia } from '@atelier/providers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPage } from '../../modules/seo/seo.fetch';

/**
 * The SSRF corpus against every server-side fetch of a URL that a user or a provider controls:
 * provider output downloads (packages/providers) and competitor pages (SEO). A canary server on
 * 127.0.0.1 counts connections: every corpus URL aims at it (or at the cloud metadata address)
 * and must be refused before any connection is made. Redirects to internal addresses are refused
 * at the hop.
 */
let canary: net.Server;
let port = 0;
let connections = 0;
let redirector: http.Server;
let redirectorPort = 0;

beforeAll(async () => {
  canary = net.createServer((s) => {
    connections++;
    s.end('HTTP/1.1 200 OK\r\ncontent-type: image/png\r\ncontent-length: 4\r\n\r\nPWND');
  });
  await new Promise<void>((r) => canary.listen(0, '127.0.0.1', r));
  port = (canary.address() as net.AddressInfo).port;
  redirector = http.createServer((req, res) => {
    const to = decodeURIComponent((req.url ?? '/').slice('/to/'.length));
    res.writeHead(302, { location: to }).end();
  });
  await new Promise<void>((r) => redirector.listen(0, '127.0.0.1', r));
  redirectorPort = (redirector.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await new Promise((r) => canary.close(r));
  await new Promise((r) => redirector.close(r));
});

/** A resolver that answers what an attacker's DNS would. */
const lookup = async (host: string): Promise<{ address: string; family: 4 | 6 }[]> => {
  if (host === '127.0.0.1.nip.io' || host === 'localtest.me' || host === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
  if (host === 'rebind.example.com')
    return [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ];
  if (host === 'metadata.example.com') return [{ address: '169.254.169.254', family: 4 }];
  if (host === 'v6.example.com') return [{ address: '::ffff:127.0.0.1', family: 6 }];
  throw new Error('NXDOMAIN');
};

const corpus = () => [
  'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
  'http://[fd00:ec2::254]/latest/meta-data/',
  `http://127.0.0.1:${port}/x.png`,
  `http://[::ffff:127.0.0.1]:${port}/x.png`,
  `http://[::ffff:7f00:1]:${port}/x.png`,
  `http://[::1]:${port}/x.png`,
  `http://[0:0:0:0:0:ffff:127.0.0.1]:${port}/x.png`,
  `http://0x7f000001:${port}/x.png`,
  `http://2130706433:${port}/x.png`,
  `http://0177.0.0.1:${port}/x.png`,
  `http://127.1:${port}/x.png`,
  `http://0.0.0.0:${port}/x.png`,
  `http://localhost:${port}/x.png`,
  `http://127.0.0.1.nip.io:${port}/x.png`,
  `http://localtest.me:${port}/x.png`,
  `http://rebind.example.com:${port}/x.png`,
  `http://metadata.example.com/latest/meta-data/`,
  `http://v6.example.com:${port}/x.png`,
  'http://10.0.0.1/x.png',
  'http://192.168.1.1/x.png',
  'http://172.16.0.1/x.png',
  'http://100.64.0.1/x.png',
  'http://[fe80::1]/x.png',
  `http://user:pass@127.0.0.1:${port}/x.png`,
  'file:///etc/passwd',
  `gopher://127.0.0.1:${port}/_PING`,
  `ftp://127.0.0.1:${port}/x.png`,
  `dict://127.0.0.1:${port}/info`,
];

describe('SSRF corpus', () => {
  it('provider output downloads refuse every corpus URL without connecting', async () => {
    for (const url of corpus()) {
      const before = connections;
      const err = await downloadMedia(url, { kind: 'image', maxBytes: 1_000_000, timeoutMs: 3000, lookup, provider: 'Probe' }).then(
        () => null,
        (e: Error & { kind?: string }) => e,
      );
      expect(err, url).not.toBeNull();
      expect(['unsafe_output', 'malformed'], `${url}: ${err?.kind} ${err?.message}`).toContain(err?.kind);
      expect(connections, url).toBe(before);
    }
  });

  it('competitor page fetches (SEO) refuse every corpus URL without connecting', async () => {
    for (const url of corpus()) {
      const before = connections;
      const err = await fetchPage(url, { timeoutMs: 3000, maxBytes: 100_000, lookup }).then(
        () => null,
        (e: Error) => e,
      );
      expect(err, url).not.toBeNull();
      expect(err?.name, `${url}: ${err?.message}`).toBe('PageFetchError');
      expect(connections, url).toBe(before);
    }
  });

  it('re-checks every redirect hop: a permitted host redirecting inside is refused', async () => {
    const targets = [
      'http://169.254.169.254/latest/meta-data/',
      `http://[::ffff:127.0.0.1]:${port}/x.png`,
      `http://0x7f000001:${port}/x.png`,
      `http://127.0.0.1.nip.io:${port}/x.png`,
      'file:///etc/passwd',
    ];
    for (const target of targets) {
      const before = connections;
      // The redirector itself is allow-listed (as a test simulator is); its Location is not.
      const err = await downloadMedia(`http://127.0.0.1:${redirectorPort}/to/${encodeURIComponent(target)}`, {
        kind: 'image',
        maxBytes: 1_000_000,
        timeoutMs: 3000,
        lookup,
        allowHosts: [`127.0.0.1:${redirectorPort}`],
      }).then(
        () => null,
        (e: Error & { kind?: string }) => e,
      );
      expect(err, target).not.toBeNull();
      expect(['unsafe_output', 'malformed'], `${target}: ${err?.kind} ${err?.message}`).toContain(err?.kind);
      expect(connections, target).toBe(before);
    }
  });
});
