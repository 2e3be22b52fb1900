import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, classifyAddress, isPublicIp, parseIpv6 } from './ssrf';

describe('isPublicIp', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.0.0.1',
    '172.16.5.4',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    '100.127.255.254',
    '169.254.169.254',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd00:ec2::254',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::10.0.0.1',
    '2002:0a00:0001::1',
    '[::1]',
    'fe80::1%eth0',
  ])('refuses %s', (ip) => {
    expect(isPublicIp(ip)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '2a00:1450:4001:82b::200e'])(
    'accepts %s',
    (ip) => {
      expect(isPublicIp(ip)).toBe(true);
    },
  );

  it('refuses what is not an address', () => {
    expect(classifyAddress('example.com')).toMatchObject({ public: false });
    expect(classifyAddress('1.2.3')).toMatchObject({ public: false });
    expect(classifyAddress('1.2.3.256')).toMatchObject({ public: false });
    expect(parseIpv6('1::2::3')).toBeNull();
  });
});

describe('checkWebhookUrl', () => {
  const strict = { allowPrivate: false };
  it('wants https and a public host', () => {
    expect(checkWebhookUrl('https://hooks.example.com/atelier', strict)).toBeNull();
    expect(checkWebhookUrl('http://hooks.example.com/atelier', strict)).toMatch(/https/);
    expect(checkWebhookUrl('http://127.0.0.1:8080/', strict)).toMatch(/https/);
    expect(checkWebhookUrl('https://127.0.0.1/', strict)).toMatch(/public/);
    expect(checkWebhookUrl('https://[::ffff:10.0.0.1]/', strict)).toMatch(/public/);
    expect(checkWebhookUrl('https://0x7f000001/', strict)).toMatch(/public/); // normalised to 127.0.0.1
    expect(checkWebhookUrl('https://169.254.169.254/latest/meta-data', strict)).toMatch(/public/);
    expect(checkWebhookUrl('https://localhost/', strict)).toMatch(/public/);
    expect(checkWebhookUrl('https://user:pw@example.com/', strict)).toMatch(/password/);
    expect(checkWebhookUrl('not a url', strict)).toMatch(/full URL/);
  });
  it('allows http and private hosts when WEBHOOK_ALLOW_PRIVATE is on', () => {
    expect(checkWebhookUrl('http://127.0.0.1:8080/', { allowPrivate: true })).toBeNull();
    expect(checkWebhookUrl('ftp://127.0.0.1/', { allowPrivate: true })).toMatch(/https/);
  });
});
