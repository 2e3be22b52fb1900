import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOW_CREDIT_THRESHOLD } from './constants';
import { EnvError, PUBLISHED_AUTH_SECRETS, parseEnv } from './env';

const OLD_DEFAULT = 'atelier-development-secret-change-me-in-production-0123456789';
const tmpFile = () => path.join(mkdtempSync(path.join(os.tmpdir(), 'atelier-env-')), '.data', 'auth-secret');

describe('AUTH_SECRET', () => {
  it('has no public default: production refuses to start without one', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(EnvError);
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET must be set in production/);
    // …even when a data folder could hold one.
    expect(() => parseEnv({ NODE_ENV: 'production' }, { authSecretFile: tmpFile() })).toThrow(/AUTH_SECRET must be set/);
    expect(parseEnv({ NODE_ENV: 'production', AUTH_SECRET: 'p'.repeat(40) }).auth.secret).toBe('p'.repeat(40));
  });

  it('refuses the once-published development default anywhere', () => {
    expect(PUBLISHED_AUTH_SECRETS).toContain(OLD_DEFAULT);
    for (const NODE_ENV of ['development', 'test', 'production']) {
      expect(() => parseEnv({ NODE_ENV, AUTH_SECRET: OLD_DEFAULT })).toThrow(/published example value/);
    }
  });

  it('unset in development: generated on first start into the data folder (0600) and reused after', () => {
    const file = tmpFile();
    const first = parseEnv({ NODE_ENV: 'development' }, { authSecretFile: file });
    expect(first.auth.secretSource).toBe('generated');
    expect(first.auth.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.auth.secret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = parseEnv({ NODE_ENV: 'development' }, { authSecretFile: file });
    expect(second.auth).toMatchObject({ secret: first.auth.secret, secretSource: 'file' });
    // An explicit AUTH_SECRET wins over the file.
    expect(parseEnv({ NODE_ENV: 'development', AUTH_SECRET: 'e'.repeat(32) }, { authSecretFile: file }).auth.secretSource).toBe('env');
  });

  it('unset without a data folder (tests, one-off commands): random per process, never a fixed value', () => {
    const a = parseEnv({ NODE_ENV: 'test' });
    const b = parseEnv({ NODE_ENV: 'test' });
    expect(a.auth.secretSource).toBe('ephemeral');
    expect(a.auth.secret).not.toBe(b.auth.secret);
    expect(a.auth.secret).not.toBe(OLD_DEFAULT);
    expect(() => parseEnv({ AUTH_SECRET: 'too short' })).toThrow(/at least 32 characters/);
  });
});

describe('defaults', () => {
  it('a new account starts above the low-credit banner threshold', () => {
    expect(parseEnv({ NODE_ENV: 'test' }).credits.signupBonusCredits).toBeGreaterThan(LOW_CREDIT_THRESHOLD);
  });

  it('allows no analytics origin in the CSP unless configured', () => {
    expect(parseEnv({ NODE_ENV: 'test' }).analytics.cspOrigins).toEqual([]);
    expect(parseEnv({ NODE_ENV: 'test', ANALYTICS_CSP_ORIGINS: 'https://a.example, https://b.example' }).analytics.cspOrigins).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });
});

const problems = (source: Record<string, string>) => {
  try {
    parseEnv(source);
    return [];
  } catch (e) {
    return (e as EnvError).problems;
  }
};

describe('media storage settings', () => {
  it('defaults to the local folder, streamed through the api', () => {
    const env = parseEnv({});
    expect(env.storage).toEqual({
      driver: 'local',
      delivery: 'proxy',
      s3: {
        endpoint: undefined,
        publicEndpoint: undefined,
        region: 'us-east-1',
        bucket: undefined,
        accessKeyId: undefined,
        secretAccessKey: undefined,
        forcePathStyle: false,
      },
    });
  });

  it('reads an S3-compatible store', () => {
    const env = parseEnv({
      STORAGE_DRIVER: 's3',
      MEDIA_DELIVERY: 'redirect',
      S3_ENDPOINT: 'http://minio:9000',
      S3_PUBLIC_ENDPOINT: 'http://localhost:9000',
      S3_REGION: 'eu-west-1',
      S3_BUCKET: 'media',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(env.storage).toEqual({
      driver: 's3',
      delivery: 'redirect',
      s3: {
        endpoint: 'http://minio:9000',
        publicEndpoint: 'http://localhost:9000',
        region: 'eu-west-1',
        bucket: 'media',
        accessKeyId: 'key',
        secretAccessKey: 'secret',
        forcePathStyle: true,
      },
    });
    // An empty endpoint means AWS itself.
    expect(parseEnv({ STORAGE_DRIVER: 's3', S3_BUCKET: 'media', S3_ENDPOINT: '' }).storage.s3.endpoint).toBeUndefined();
  });

  it('names the setting that is wrong or missing', () => {
    expect(problems({ STORAGE_DRIVER: 's3' })).toEqual(['S3_BUCKET: S3_BUCKET is required when STORAGE_DRIVER=s3']);
    expect(problems({ STORAGE_DRIVER: 'ftp' })[0]).toMatch(/^STORAGE_DRIVER: /);
    expect(problems({ MEDIA_DELIVERY: 'cdn' })[0]).toMatch(/^MEDIA_DELIVERY: /);
    expect(problems({ S3_ENDPOINT: 'minio:9000' })[0]).toMatch(/^S3_ENDPOINT: /);
    expect(problems({ S3_ACCESS_KEY_ID: 'key' })).toEqual(['S3_SECRET_ACCESS_KEY: S3_SECRET_ACCESS_KEY is required with S3_ACCESS_KEY_ID']);
    expect(problems({ S3_SECRET_ACCESS_KEY: 'secret' })).toEqual(['S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID is required with S3_SECRET_ACCESS_KEY']);
  });
});

describe('METRICS_TOKEN and METRICS_PORT', () => {
  it('are off unless set: no token (metrics open), no worker metrics port', () => {
    expect(parseEnv({ NODE_ENV: 'test' }).metrics).toEqual({ token: undefined, port: undefined });
    expect(parseEnv({ NODE_ENV: 'test', METRICS_TOKEN: '  ', METRICS_PORT: '' }).metrics).toEqual({ token: undefined, port: undefined });
  });

  it('take a token of at least 16 characters and a port, naming the variable when bad', () => {
    expect(parseEnv({ NODE_ENV: 'test', METRICS_TOKEN: 't'.repeat(16), METRICS_PORT: '9464' }).metrics).toEqual({
      token: 't'.repeat(16),
      port: 9464,
    });
    expect(() => parseEnv({ NODE_ENV: 'test', METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: METRICS_TOKEN must be at least 16 characters/);
    for (const METRICS_PORT of ['0', '70000', 'http', '94.5'])
      expect(() => parseEnv({ NODE_ENV: 'test', METRICS_PORT }), METRICS_PORT).toThrow(/METRICS_PORT/);
  });
});

describe('WEBHOOK_ALLOW_PRIVATE and WEBHOOK_RETRY_DELAY_MS', () => {
  it('default to public receivers only and a 15 s first retry', () => {
    expect(parseEnv({ NODE_ENV: 'test' }).webhooks).toEqual({ allowPrivate: false, retryDelayMs: 15_000 });
    expect(parseEnv({ NODE_ENV: 'test', WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_DELAY_MS: '100' }).webhooks).toEqual({
      allowPrivate: true,
      retryDelayMs: 100,
    });
  });

  it('refuses WEBHOOK_ALLOW_PRIVATE in production', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', AUTH_SECRET: 'a'.repeat(64), WEBHOOK_ALLOW_PRIVATE: 'true' })).toThrow(
      /WEBHOOK_ALLOW_PRIVATE: WEBHOOK_ALLOW_PRIVATE=true is for development and tests only/,
    );
  });
});
