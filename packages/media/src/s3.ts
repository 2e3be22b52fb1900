import { createReadStream } from 'node:fs';
import { PassThrough, type Readable, Transform } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  assertSafeKey,
  assertSafeOwner,
  assertSafePrefix,
  type ListPage,
  MEDIA_AREAS,
  MediaNotFoundError,
  type MediaStorage,
  type PresignOptions,
  type StoredObject,
} from './storage';

export interface S3StorageOptions {
  /** Empty/undefined: AWS S3 in `region`. Otherwise the store's URL (MinIO, R2, …). */
  endpoint?: string | undefined;
  /** Where browsers reach the store, for presigned URLs (defaults to `endpoint`). */
  publicEndpoint?: string | undefined;
  region: string;
  bucket: string;
  /** Unset: the SDK's default credential chain (environment, instance role…). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** `http://host/bucket/key` instead of `http://bucket.host/key` (MinIO and most self-hosted stores). */
  forcePathStyle: boolean;
  /** Multipart part size for putStream/putFile (≥ 5 MiB, S3's minimum). */
  partSizeBytes?: number;
}

const MIN_PART = 5 * 1024 * 1024;
/** Objects removed at once by removeOwner (one DeleteObject each: every S3-compatible store has it). */
const DELETE_CONCURRENCY = 8;

/** A 404 from any of the calls (NoSuchKey, NotFound, or a bare 404 on HEAD). */
function isNotFound(e: unknown): boolean {
  const err = e as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  return err?.name === 'NoSuchKey' || err?.name === 'NotFound' || err?.Code === 'NoSuchKey' || err?.$metadata?.httpStatusCode === 404;
}

function clientConfig(options: S3StorageOptions, endpoint: string | undefined): S3ClientConfig {
  return {
    region: options.region,
    ...(endpoint ? { endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
    // Checksums only where the API demands them: streamed uploads stay plain bodies (not
    // aws-chunked with trailers), which every S3-compatible store stores byte for byte.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 120_000 },
  };
}

/** Any S3-compatible object store (AWS S3, MinIO, Cloudflare R2, …) through the AWS SDK v3. */
export class S3Storage implements MediaStorage {
  readonly driver = 's3' as const;
  readonly bucket: string;
  private readonly client: S3Client;
  private readonly presigner: S3Client;
  private readonly partSize: number;

  constructor(private readonly options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client(clientConfig(options, options.endpoint));
    this.presigner = options.publicEndpoint ? new S3Client(clientConfig(options, options.publicEndpoint)) : this.client;
    this.partSize = Math.max(MIN_PART, options.partSizeBytes ?? 8 * 1024 * 1024);
  }

  /** Fails with a message naming the bucket when it is missing or unreachable. */
  async assertBucket(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (e) {
      const status = (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      const why =
        status === 404
          ? 'does not exist'
          : status === 403
            ? 'is not accessible with these credentials'
            : `cannot be reached (${(e as Error).message})`;
      throw new Error(`S3 bucket "${this.bucket}" ${why}${this.options.endpoint ? ` at ${this.options.endpoint}` : ''}`);
    }
  }

  async put(key: string, data: Buffer, mime: string): Promise<{ key: string; size: number }> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: assertSafeKey(key), Body: data, ContentType: mime, ContentLength: data.length }),
    );
    return { key, size: data.length };
  }

  async putStream(key: string, body: Readable, mime: string): Promise<{ key: string; size: number }> {
    let size = 0;
    const counted = body.pipe(
      new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          done(null, chunk);
        },
      }),
    );
    body.on('error', (e) => counted.destroy(e));
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: assertSafeKey(key), Body: counted, ContentType: mime },
      partSize: this.partSize,
      queueSize: 2,
      leavePartsOnError: false,
    });
    await upload.done();
    return { key, size };
  }

  async putFile(key: string, file: string, mime: string): Promise<{ key: string; size: number }> {
    return this.putStream(key, createReadStream(file), mime);
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: assertSafeKey(key) }));
      return { key, size: head.ContentLength ?? 0, mtime: head.LastModified ?? new Date(0), etag: head.ETag ?? `"${head.ContentLength}"` };
    } catch (e) {
      if (isNotFound(e)) return null;
      throw e;
    }
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    const out = new PassThrough();
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: assertSafeKey(key),
      ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
    });
    this.client
      .send(command, { abortSignal: abortWhenClosed(out) })
      .then((res) => {
        const body = res.Body as Readable | undefined;
        if (!body) return out.end();
        body.on('error', (e) => out.destroy(e));
        out.on('close', () => body.destroy());
        const trim = range ? trimToRange(range, res.ContentRange) : null;
        if (trim) body.pipe(trim).pipe(out);
        else body.pipe(out);
      })
      .catch((e: unknown) => {
        if (!out.destroyed) out.destroy(isNotFound(e) ? new MediaNotFoundError(key) : (e as Error));
      });
    return out;
  }

  async readBuffer(key: string): Promise<Buffer> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: assertSafeKey(key) }));
      const bytes = await res.Body?.transformToByteArray();
      return Buffer.from(bytes ?? new Uint8Array());
    } catch (e) {
      if (isNotFound(e)) throw new MediaNotFoundError(key);
      throw e;
    }
  }

  async copy(from: string, to: string): Promise<void> {
    const source = `${this.bucket}/${assertSafeKey(from).split('/').map(encodeURIComponent).join('/')}`;
    try {
      await this.client.send(new CopyObjectCommand({ Bucket: this.bucket, Key: assertSafeKey(to), CopySource: source }));
    } catch (e) {
      if (isNotFound(e)) throw new MediaNotFoundError(from);
      throw e;
    }
  }

  async list(prefix: string, options: { cursor?: string | null; limit?: number } = {}): Promise<ListPage> {
    const res = await this.client.send(
      new ListObjectsV2Command({
        Bucket: this.bucket,
        Prefix: assertSafePrefix(prefix) || undefined,
        MaxKeys: Math.max(1, Math.min(options.limit ?? 1000, 1000)),
        ...(options.cursor ? { ContinuationToken: options.cursor } : {}),
      }),
    );
    const items = (res.Contents ?? [])
      .filter((o): o is typeof o & { Key: string } => Boolean(o.Key))
      .map((o) => ({ key: o.Key, size: o.Size ?? 0, mtime: o.LastModified ?? new Date(0), etag: o.ETag ?? '' }));
    return { items, cursor: res.IsTruncated && res.NextContinuationToken ? res.NextContinuationToken : null };
  }

  async remove(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: assertSafeKey(key) }));
    } catch (e) {
      if (!isNotFound(e)) throw e;
    }
  }

  /**
   * The top-level areas: the ones the app writes, plus whatever a delimiter listing finds (real
   * S3 and MinIO list every common prefix; s3rver misses those whose objects sit deeper).
   */
  private async areas(): Promise<string[]> {
    const out: string[] = [...MEDIA_AREAS].map((a) => `${a}/`);
    let token: string | undefined;
    do {
      const res = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Delimiter: '/', ContinuationToken: token }));
      for (const p of res.CommonPrefixes ?? []) if (p.Prefix && !out.includes(p.Prefix)) out.push(p.Prefix);
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
    return out;
  }

  async removeOwner(ownerId: string): Promise<number> {
    assertSafeOwner(ownerId);
    let removedAreas = 0;
    for (const area of await this.areas()) {
      if (!/^[a-z0-9][a-z0-9_-]*\/$/.test(area)) continue;
      const prefix = `${area}${ownerId}/`;
      let any = false;
      // Delete page by page: each page is listed from the start again, as deleting shifts the listing.
      for (;;) {
        const page = await this.list(prefix, { limit: 1000 });
        if (!page.items.length) break;
        any = true;
        await mapLimit(page.items, DELETE_CONCURRENCY, (o) => this.remove(o.key));
        if (!page.cursor) break;
      }
      if (any) removedAreas += 1;
    }
    return removedAreas;
  }

  async presignGet(key: string, options: PresignOptions): Promise<string | null> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: assertSafeKey(key),
      ...(options.contentDisposition ? { ResponseContentDisposition: options.contentDisposition } : {}),
      ...(options.contentType ? { ResponseContentType: options.contentType } : {}),
    });
    return getSignedUrl(this.presigner, command, { expiresIn: Math.max(1, Math.floor(options.expiresInSeconds)) });
  }

  destroy(): void {
    this.client.destroy();
    if (this.presigner !== this.client) this.presigner.destroy();
  }
}

/**
 * A server may answer a ranged GET with more than was asked (a 200 with the whole object, or a
 * wider 206 — s3rver reads `bytes=0-0` as "from 0 to the end"): keep only the asked-for bytes.
 */
function trimToRange(range: { start: number; end: number }, contentRange: string | undefined): Transform | null {
  const m = contentRange ? /^bytes (\d+)-(\d+)\//.exec(contentRange) : null;
  const from = m ? Number(m[1]) : 0;
  const to = m ? Number(m[2]) : Number.POSITIVE_INFINITY;
  if (from === range.start && to === range.end) return null;
  let skip = range.start - from;
  let left = range.end - range.start + 1;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      let c = chunk;
      if (skip > 0) {
        const n = Math.min(skip, c.length);
        skip -= n;
        c = c.subarray(n);
      }
      if (left <= 0 || !c.length) return done();
      const part = c.subarray(0, left);
      left -= part.length;
      done(null, part);
    },
  });
}

/** An AbortSignal that fires when the consumer closes the stream before the request finished. */
function abortWhenClosed(stream: Readable): AbortSignal {
  const controller = new AbortController();
  stream.once('close', () => {
    if (!stream.readableEnded) controller.abort();
  });
  return controller.signal;
}

async function mapLimit<T>(items: T[], limit: number, fn: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const run = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, run));
}
