import type { Env } from '@atelier/shared/env';
import { mimeForKey } from './index';
import { LocalDiskStorage } from './local';
import { S3Storage } from './s3';
import { assertSafeKey, listAll, type MediaStorage } from './storage';

export interface MigrateProgress {
  total: number;
  totalBytes: number;
  done: number;
  copied: number;
  skipped: number;
  failed: number;
  bytesCopied: number;
}

export interface MigrateResult extends MigrateProgress {
  /** Keys that could not be copied (after retries), with the reason. */
  failures: { key: string; error: string }[];
}

const ATTEMPTS = 3;

/**
 * Copies every object of `from` into `to`. Idempotent and resumable: an object the destination
 * already holds with the same size is skipped, so running it again after an interruption copies
 * only what is missing (S3 only shows an object once its upload completed, so nothing is ever
 * half there). Each object streams (multipart on S3); a failing object is retried, then counted
 * and reported while the others go on.
 */
export async function migrateMedia(options: {
  from: MediaStorage;
  to: MediaStorage;
  concurrency?: number;
  onProgress?: (p: MigrateProgress) => void;
}): Promise<MigrateResult> {
  const { from, to } = options;
  const objects: { key: string; size: number }[] = [];
  for await (const o of listAll(from, '')) {
    try {
      assertSafeKey(o.key);
    } catch {
      continue; // not one of ours (never written by the app): left where it is
    }
    objects.push({ key: o.key, size: o.size });
  }
  const progress: MigrateProgress = {
    total: objects.length,
    totalBytes: objects.reduce((n, o) => n + o.size, 0),
    done: 0,
    copied: 0,
    skipped: 0,
    failed: 0,
    bytesCopied: 0,
  };
  const failures: MigrateResult['failures'] = [];
  options.onProgress?.({ ...progress });

  let next = 0;
  const work = async () => {
    while (next < objects.length) {
      const o = objects[next++] as { key: string; size: number };
      try {
        const there = await to.stat(o.key);
        if (there && there.size === o.size) {
          progress.skipped += 1;
        } else {
          await withRetries(() => to.putStream(o.key, from.read(o.key), mimeForKey(o.key)));
          progress.copied += 1;
          progress.bytesCopied += o.size;
        }
      } catch (e) {
        progress.failed += 1;
        failures.push({ key: o.key, error: (e as Error).message });
      }
      progress.done += 1;
      options.onProgress?.({ ...progress });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency ?? 4, 16)) }, work));
  return { ...progress, failures };
}

async function withRetries<T>(fn: () => Promise<T>): Promise<T> {
  let last: unknown;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    try {
      return await fn();
    } catch (e) {
      last = e;
      if (attempt < ATTEMPTS) await new Promise((r) => setTimeout(r, 250 * 2 ** attempt));
    }
  }
  throw last;
}

// ── the command: media:migrate --to s3 ───────────────────────────────────────────────────────

interface Out {
  isTTY?: boolean;
  columns?: number;
  write(s: string): unknown;
}

const USAGE = `Usage: npm run media:migrate -- --to s3 [--concurrency N]

Copies the local media folder (MEDIA_DIR) into the S3 bucket (S3_BUCKET, S3_ENDPOINT, S3_REGION,
S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE). Objects already in the bucket with
the same size are skipped, so it can be run again to resume. Then set STORAGE_DRIVER=s3.`;

export function parseMigrateArgs(argv: string[]): { to: 's3'; concurrency: number } | { error: string } | { help: string } {
  let to: string | undefined;
  let concurrency = 4;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    const [flag, inline] = a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const value = () => inline ?? argv[++i];
    if (flag === '--to') to = value();
    else if (flag === '--concurrency') concurrency = Number(value());
    else if (flag === '--help' || flag === '-h') return { help: USAGE };
    else return { error: `Unknown argument: ${a}\n\n${USAGE}` };
  }
  if (to !== 's3') return { error: `--to must be "s3"${to ? `, not "${to}"` : ''}\n\n${USAGE}` };
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 16) return { error: '--concurrency must be a whole number from 1 to 16' };
  return { to, concurrency };
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/** A progress bar on a terminal; plain lines (every 5 % or 10 s) otherwise. */
export function progressPrinter(out: Out, now: () => number = Date.now) {
  let lastLine = 0;
  let lastPercent = -1;
  return (p: MigrateProgress) => {
    const percent = p.total ? Math.floor((p.done / p.total) * 100) : 100;
    const counts = `${p.done}/${p.total} objects · ${mb(p.bytesCopied)} copied · ${p.copied} copied, ${p.skipped} already there, ${p.failed} failed`;
    if (out.isTTY) {
      const width = Math.max(10, Math.min(40, (out.columns ?? 80) - counts.length - 12));
      const filled = Math.round((percent / 100) * width);
      out.write(`\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(percent).padStart(3)}% ${counts}\x1b[K`);
      if (p.done === p.total) out.write('\n');
      return;
    }
    const t = now();
    if (p.done === p.total || percent >= lastPercent + 5 || t - lastLine >= 10_000) {
      out.write(`media:migrate ${percent}% ${counts}\n`);
      lastLine = t;
      lastPercent = percent;
    }
  };
}

/** `media:migrate --to s3`: exit code 0 when every object is in the bucket, 1 otherwise, 2 on bad usage. */
export async function runMediaMigrate(argv: string[], env: Pick<Env, 'media' | 'storage'>, out: Out, err: Out): Promise<number> {
  const args = parseMigrateArgs(argv);
  if ('help' in args) {
    out.write(`${args.help}\n`);
    return 0;
  }
  if ('error' in args) {
    err.write(`${args.error}\n`);
    return 2;
  }
  const { s3 } = env.storage;
  if (!s3.bucket) {
    err.write('S3_BUCKET is not set: set S3_BUCKET (and S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE for MinIO) first\n');
    return 2;
  }
  const target = new S3Storage({ ...s3, bucket: s3.bucket });
  try {
    await target.assertBucket();
    out.write(`Copying ${env.media.dir} into s3://${s3.bucket}${s3.endpoint ? ` at ${s3.endpoint}` : ''}\n`);
    const result = await migrateMedia({
      from: new LocalDiskStorage(env.media.dir),
      to: target,
      concurrency: args.concurrency,
      onProgress: progressPrinter(out),
    });
    for (const f of result.failures.slice(0, 20)) err.write(`failed: ${f.key}: ${f.error}\n`);
    if (result.failures.length > 20) err.write(`… and ${result.failures.length - 20} more\n`);
    out.write(
      result.failed
        ? `${result.failed} of ${result.total} objects could not be copied; run the command again to retry them.\n`
        : `Done: ${result.total} objects in the bucket (${result.copied} copied, ${result.skipped} already there). Now set STORAGE_DRIVER=s3.\n`,
    );
    return result.failed ? 1 : 0;
  } catch (e) {
    err.write(`${(e as Error).message}\n`);
    return 1;
  } finally {
    target.destroy();
  }
}
