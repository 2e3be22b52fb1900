import { describe, expect, it } from 'vitest';
import { type EnvError, parseEnv } from './env';

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
