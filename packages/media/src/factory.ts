import type { Env } from '@atelier/shared/env';
import { LocalDiskStorage } from './local';
import { S3Storage } from './s3';
import type { MediaStorage } from './storage';

/** The media storage the environment asks for: STORAGE_DRIVER=local (MEDIA_DIR) or s3 (S3_*). */
export function createStorage(env: Pick<Env, 'media' | 'storage'>): MediaStorage {
  if (env.storage.driver === 'local') return new LocalDiskStorage(env.media.dir);
  const { s3 } = env.storage;
  if (!s3.bucket) throw new Error('S3_BUCKET is required when STORAGE_DRIVER=s3');
  return new S3Storage({
    endpoint: s3.endpoint,
    publicEndpoint: s3.publicEndpoint,
    region: s3.region,
    bucket: s3.bucket,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    forcePathStyle: s3.forcePathStyle,
  });
}
