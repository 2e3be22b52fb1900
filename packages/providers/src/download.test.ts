import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadMedia, isPublicAddress, sniffMedia } from './download';
import { gatedFetch } from './replicate';
import { mp3Of, mp4Of, pngOf } from './testing/common';

let server: http.Server;
let base: string;
let host: string;
let png: Buffer;

beforeAll(async () => {
  png = await pngOf(8, 8, 'x');
  server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    const send = (status: number, type: string, body: Buffer, extra: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': type, 'content-length': String(body.length), ...extra });
      res.end(body);
    };
    switch (u.pathname) {
      case '/ok.png':
        return send(200, 'image/png', png);
      case '/octet.png':
        return send(200, 'application/octet-stream', png);
      case '/html':
        return send(200, 'text/html', Buffer.from('<html></html>'));
      case '/png-as-audio':
        return send(200, 'audio/mpeg', png);
      case '/big':
        return send(200, 'image/png', Buffer.concat([png, Buffer.alloc(5000)]));
      case '/big-chunked': {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.write(png);
        for (let i = 0; i < 10; i++) res.write(Buffer.alloc(1000));
        return res.end();
      }
      case '/redirect-ok':
        res.writeHead(302, { location: '/ok.png' });
        return res.end();
      case '/redirect-metadata':
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
        return res.end();
      case '/redirect-loop':
        res.writeHead(302, { location: '/redirect-loop' });
        return res.end();
      case '/hang':
        return; // never answers
      case '/404':
        return send(404, 'text/plain', Buffer.from('no'));
      case '/503':
        return send(503, 'text/plain', Buffer.from('busy'));
      default:
        return send(404, 'text/plain', Buffer.from('?'));
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  base = `http://${host}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const opts = { kind: 'image' as const, maxBytes: 2000, timeoutMs: 1500, provider: 'Sim' };
async function failure(p: Promise<unknown>) {
  try {
    await p;
  } catch (e) {
    return e as Error & { kind?: string };
  }
  throw new Error('expected a failure');
}

describe('isPublicAddress', () => {
  it('refuses private, loopback, link-local, CGNAT, multicast and mapped/embedded forms', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '[::ffff:169.254.169.254]',
      '64:ff9b::a9fe:a9fe',
      '2002:7f00:1::',
      'not-an-ip',
    ]) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
  });
  it('accepts public unicast', () => {
    for (const ip of ['8.8.8.8', '104.18.2.3', '2606:4700::1111', '::ffff:8.8.8.8']) expect(isPublicAddress(ip), ip).toBe(true);
  });
});

describe('sniffMedia', () => {
  it('knows our formats by their bytes', async () => {
    expect(sniffMedia(png)).toMatchObject({ kind: 'image', ext: 'png' });
    expect(sniffMedia(mp3Of(1))).toMatchObject({ kind: 'audio', ext: 'mp3' });
    expect(sniffMedia(mp4Of())).toMatchObject({ kind: 'video', ext: 'mp4' });
    expect(sniffMedia(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffMedia(Buffer.from('GIF89a'))).toBeNull();
  });
});

describe('downloadMedia', () => {
  it('refuses loopback unless the host is allow-listed, then fetches and types the bytes', async () => {
    expect(await failure(downloadMedia(`${base}/ok.png`, opts))).toMatchObject({ kind: 'unsafe_output' });
    const ok = await downloadMedia(`${base}/ok.png`, { ...opts, allowHosts: [host] });
    expect(ok).toMatchObject({ mime: 'image/png', ext: 'png', host });
    expect(ok.data.equals(png)).toBe(true);
    // a generic binary type is fine when the bytes are an image
    expect((await downloadMedia(`${base}/octet.png`, { ...opts, allowHosts: ['127.0.0.1'] })).mime).toBe('image/png');
  });

  it('refuses other schemes, credentials and literal private addresses without connecting', async () => {
    for (const url of [
      'file:///etc/passwd',
      'ftp://example.com/x.png',
      'http://user:pass@example.com/x.png',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::ffff:127.0.0.1]/x.png',
      'http://0x7f000001/x.png',
      'http://2130706433/x.png',
      'http://[::1]/x.png',
    ]) {
      expect(await failure(downloadMedia(url, opts)), url).toMatchObject({ kind: 'unsafe_output' });
    }
  });

  it('resolves names and refuses any private answer (e.g. *.nip.io, DNS rebinding)', async () => {
    const lookup = async (name: string) =>
      name === 'evil.example'
        ? [
            { address: '93.184.216.34', family: 4 as const },
            { address: '10.0.0.5', family: 4 as const },
          ]
        : [{ address: '127.0.0.1', family: 4 as const }];
    expect(await failure(downloadMedia('http://evil.example/x.png', { ...opts, lookup }))).toMatchObject({ kind: 'unsafe_output' });
    expect(await failure(downloadMedia('http://127.0.0.1.nip.io/x.png', { ...opts, lookup }))).toMatchObject({ kind: 'unsafe_output' });
  });

  it('follows redirects by hand, checking each hop', async () => {
    expect((await downloadMedia(`${base}/redirect-ok`, { ...opts, allowHosts: [host] })).mime).toBe('image/png');
    expect(await failure(downloadMedia(`${base}/redirect-metadata`, { ...opts, allowHosts: [host] }))).toMatchObject({ kind: 'unsafe_output' });
    expect((await failure(downloadMedia(`${base}/redirect-loop`, { ...opts, allowHosts: [host] }))).message).toContain('too many redirects');
  });

  it('caps size (declared and streamed), checks the type against the expected kind, and bounds time', async () => {
    const allow = { ...opts, allowHosts: [host] };
    expect(await failure(downloadMedia(`${base}/big`, allow))).toMatchObject({ kind: 'unsafe_output' });
    expect(await failure(downloadMedia(`${base}/big-chunked`, allow))).toMatchObject({ kind: 'unsafe_output' });
    expect(await failure(downloadMedia(`${base}/html`, allow))).toMatchObject({ kind: 'malformed' });
    expect(await failure(downloadMedia(`${base}/png-as-audio`, { ...allow, kind: 'audio' }))).toMatchObject({ kind: 'malformed' });
    const t0 = Date.now();
    expect(await failure(downloadMedia(`${base}/hang`, { ...allow, timeoutMs: 300 }))).toMatchObject({ kind: 'timeout' });
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(await failure(downloadMedia(`${base}/404`, allow))).toMatchObject({ kind: 'malformed', retryable: false });
    expect(await failure(downloadMedia(`${base}/503`, allow))).toMatchObject({ kind: 'unavailable', retryable: true });
  });
});

describe('gatedFetch (Replicate)', () => {
  it('spaces the SDK retries by Retry-After and stops calling the API after its retries', async () => {
    let calls = 0;
    const stamps: number[] = [];
    const base429 = (async () => {
      calls += 1;
      stamps.push(Date.now());
      return new Response('{"detail":"slow down"}', { status: 429, headers: { 'retry-after': '0.2' } });
    }) as typeof fetch;
    const f = gatedFetch(2, base429);
    const init = { method: 'POST' };
    // The SDK calls the same init again for each retry (six times at most).
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await f('http://x/v1/predictions', init)).status);
    expect(statuses).toEqual([429, 429, 429, 429, 429, 429]);
    expect(calls).toBe(3);
    expect((stamps[1] as number) - (stamps[0] as number)).toBeGreaterThanOrEqual(190);
    expect((stamps[2] as number) - (stamps[1] as number)).toBeGreaterThanOrEqual(190);
  });
});
