import { describe, expect, it } from 'vitest';
import { isSealedWebhookSecret, openWebhookSecret, sealWebhookSecret } from './webhook-secrets';

const AUTH = 'a'.repeat(40);
const ENDPOINT = '00000000-0000-4000-8000-000000000abc';
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

describe('webhook signing secrets at rest', () => {
  it('seals a secret so that it is not stored in clear, and opens it again', () => {
    const sealed = sealWebhookSecret(AUTH, ENDPOINT, SECRET);
    expect(isSealedWebhookSecret(sealed)).toBe(true);
    expect(sealed).not.toContain(SECRET);
    expect(sealed).not.toContain(SECRET.slice(6, 20));
    expect(openWebhookSecret(AUTH, ENDPOINT, sealed)).toBe(SECRET);
  });

  it('seals the same secret differently each time (a fresh IV)', () => {
    const a = sealWebhookSecret(AUTH, ENDPOINT, SECRET);
    const b = sealWebhookSecret(AUTH, ENDPOINT, SECRET);
    expect(a).not.toBe(b);
    expect(openWebhookSecret(AUTH, ENDPOINT, b)).toBe(SECRET);
  });

  it('does not open under another AUTH_SECRET, on another endpoint, or when altered', () => {
    const sealed = sealWebhookSecret(AUTH, ENDPOINT, SECRET);
    expect(openWebhookSecret('b'.repeat(40), ENDPOINT, sealed)).toBeNull();
    expect(openWebhookSecret(AUTH, '00000000-0000-4000-8000-000000000abd', sealed)).toBeNull();
    const raw = Buffer.from(sealed.slice('sealed:v1:'.length), 'base64');
    raw.writeUInt8(raw.readUInt8(raw.length - 1) ^ 1, raw.length - 1);
    expect(openWebhookSecret(AUTH, ENDPOINT, `sealed:v1:${raw.toString('base64')}`)).toBeNull();
    expect(openWebhookSecret(AUTH, ENDPOINT, 'sealed:v1:AAAA')).toBeNull();
  });

  it('reads a secret stored before sealing as it is', () => {
    expect(isSealedWebhookSecret(SECRET)).toBe(false);
    expect(openWebhookSecret(AUTH, ENDPOINT, SECRET)).toBe(SECRET);
  });
});
