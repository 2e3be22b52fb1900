import { afterEach, describe, expect, it } from 'vitest';
import { parseCampaign } from '../campaign';
import { initPixel, PixelProvider, resetPixelForTests } from './pixel';
import { makeEvent } from './testing';

afterEach(() => resetPixelForTests());

function setup(proxyBase = '/api/px') {
  const sent: URL[] = [];
  const pixel = new PixelProvider({ pixelId: '123456', proxyBase, send: (url) => sent.push(new URL(url, 'http://localhost:3000')) });
  return { pixel, sent };
}

describe('ad pixel', () => {
  it('does not send a page view twice for the same path and search', () => {
    const { pixel, sent } = setup();
    pixel.track(makeEvent('screen_view', { path: '/history', search: '?tab=all' }));
    pixel.track(makeEvent('screen_view', { path: '/history', search: '?tab=all' }));
    expect(sent).toHaveLength(1);
    pixel.track(makeEvent('screen_view', { path: '/history', search: '?tab=mine' }));
    pixel.track(makeEvent('screen_view', { path: '/chat' }));
    pixel.track(makeEvent('screen_view', { path: '/chat' }));
    pixel.track(makeEvent('screen_view', { path: '/history', search: '?tab=all' }));
    expect(sent.map((u) => [u.searchParams.get('ev'), new URL(u.searchParams.get('dl') ?? '').pathname])).toEqual([
      ['PageView', '/history'],
      ['PageView', '/history'],
      ['PageView', '/chat'],
      ['PageView', '/history'],
    ]);
  });

  it('sends its traffic to the same-origin relay under the proxy base', () => {
    const { pixel, sent } = setup('/relay/px');
    pixel.track(makeEvent('screen_view', { path: '/' }));
    const hit = sent[0];
    expect(hit?.origin).toBe('http://localhost:3000');
    expect(hit?.pathname).toBe('/relay/px/tr/');
    expect(hit?.searchParams.get('id')).toBe('123456');
    expect(hit?.searchParams.get('ev')).toBe('PageView');
    expect(hit?.searchParams.get('fbp')).toMatch(/^fb\.1\.\d+\.\d+$/);
  });

  it('maps conversions to the pixel standard events and keeps our identifiers to ourselves', () => {
    const { pixel, sent } = setup();
    const campaign = parseCampaign('?fbclid=click-1');
    pixel.track(makeEvent('user_signup', { params: { method: 'email', userId: 'u-1' }, campaign }));
    pixel.track(makeEvent('purchase_completed', { params: { packageId: 'starter', credits: 100, amount: 9.99, currency: 'usd' } }));
    pixel.track(makeEvent('chat_message_sent', { params: { models: 2 } }));
    expect(sent.map((u) => u.searchParams.get('ev'))).toEqual(['CompleteRegistration', 'Purchase', 'chat_message_sent']);
    expect(sent[0]?.searchParams.get('cd[method]')).toBe('email');
    expect(sent[0]?.searchParams.has('cd[userId]')).toBe(false);
    expect(sent[0]?.searchParams.get('fbc')).toMatch(/^fb\.1\.\d+\.click-1$/);
    expect(sent[1]?.searchParams.get('cd[value]')).toBe('9.99');
    expect(sent[1]?.searchParams.get('cd[currency]')).toBe('usd');
  });

  it('is initialised once: later inits return the same pixel', () => {
    const first = initPixel({ pixelId: '1', proxyBase: '/api/px', send: () => undefined });
    const second = initPixel({ pixelId: '1', proxyBase: '/api/px', send: () => undefined });
    expect(second).toBe(first);
  });
});
