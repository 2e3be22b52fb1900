import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { PixelForwarder, relayHeaders, relayTarget } from './tracking.relay';

describe('relayTarget', () => {
  const upstream = 'https://pixel.example.com/base';

  it('maps the relay path and query onto the pixel host', () => {
    expect(relayTarget(upstream, 'tr/', 'id=1&ev=PageView')?.toString()).toBe('https://pixel.example.com/base/tr/?id=1&ev=PageView');
    expect(relayTarget('https://pixel.example.com', 'tr', '')?.toString()).toBe('https://pixel.example.com/tr');
    expect(relayTarget(upstream, '', 'id=1')?.toString()).toBe('https://pixel.example.com/base/?id=1');
  });

  it.each([
    ['..', ''],
    ['a/../../etc', ''],
    ['./x', ''],
    ['/evil.example/x', ''],
    ['%2F%2Fevil.example', ''],
    ['@evil.example', ''],
    ['tr?x', ''],
    ['a\\b', ''],
    ['x'.repeat(300), ''],
    ['tr', 'q'.repeat(9000)],
  ])('refuses %s', (rest, query) => {
    expect(relayTarget(upstream, rest, query)).toBeNull();
  });
});

describe('relayHeaders', () => {
  it('passes user agent, language, referer and content type, adds the client IP and drops cookies and auth', () => {
    expect(
      relayHeaders(
        {
          'user-agent': 'UA',
          'accept-language': 'en',
          referer: 'http://localhost/x',
          cookie: 'a=b',
          authorization: 'Bearer t',
          'content-type': 'text/plain',
        },
        '203.0.113.9',
      ),
    ).toEqual({
      'user-agent': 'UA',
      'accept-language': 'en',
      referer: 'http://localhost/x',
      'content-type': 'text/plain',
      'x-forwarded-for': '203.0.113.9',
    });
  });
});

describe('PixelForwarder', () => {
  it('caps requests in flight and never waits for them', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fetchImpl = vi.fn(async () => {
      await gate;
      return new Response(null, { status: 200 });
    }) as unknown as typeof fetch;
    const forwarder = new PixelForwarder({ timeoutMs: 1000, maxInFlight: 2, log: pino({ level: 'silent' }), fetchImpl });
    const target = new URL('https://pixel.example.com/tr');
    expect(forwarder.forward({ method: 'GET', target, headers: {} })).toBe(true);
    expect(forwarder.forward({ method: 'GET', target, headers: {} })).toBe(true);
    expect(forwarder.forward({ method: 'GET', target, headers: {} })).toBe(false);
    expect(forwarder.pending).toBe(2);
    release();
    await vi.waitFor(() => expect(forwarder.pending).toBe(0));
    expect(forwarder.forward({ method: 'GET', target, headers: {} })).toBe(true);
  });
});
