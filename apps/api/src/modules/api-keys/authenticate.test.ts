import { describe, expect, it } from 'vitest';
import { apiKeyBearer, newSecret } from './authenticate';

describe('API key secrets', () => {
  it('are atl_ + base62 with ≥ 256 bits, a visible prefix and a SHA-256 hash', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const { secret, prefix, hash } = newSecret();
      expect(secret).toMatch(/^atl_[0-9A-Za-z]{43}$/);
      expect(secret.startsWith(prefix)).toBe(true);
      expect(prefix).toHaveLength(12);
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      seen.add(secret);
    }
    expect(seen.size).toBe(200);
  });

  it('tells a key bearer from a session token', () => {
    expect(apiKeyBearer('Bearer atl_abc')).toBe('atl_abc');
    expect(apiKeyBearer('bearer atl_abc')).toBe('atl_abc');
    expect(apiKeyBearer('Bearer eyJhbGciOi.x.y')).toBeNull();
    expect(apiKeyBearer(undefined)).toBeNull();
  });
});
