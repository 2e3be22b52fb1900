import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { parseEnv } from '@atelier/shared/env';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from './local';
import { type MigrateProgress, migrateMedia, parseMigrateArgs, progressPrinter, runMediaMigrate } from './migrate';
import type { MediaStorage } from './storage';
import { type S3TestServer, startS3Server } from './testing/s3-server';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

let s3: S3TestServer;
let dir: string;
const files: Record<string, Buffer> = {
  'generations/u1/a.png': randomBytes(10_000),
  'generations/u1/a.thumb.webp': randomBytes(1_000),
  'uploads/u2/voice.wav': randomBytes(50_000),
  // more than one 5 MiB part: goes up as a multipart upload
  'exports/u1/film.mp4': randomBytes(6 * 1024 * 1024 + 17),
};

beforeAll(async () => {
  s3 = await startS3Server();
  dir = await mkdtemp(path.join(tmpdir(), 'atelier-migrate-'));
  for (const [key, data] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, key)), { recursive: true });
    await writeFile(path.join(dir, key), data);
  }
  // Not ours: a temp file of an interrupted write and a file at the top level.
  await writeFile(path.join(dir, 'uploads/u2/.voice.wav.123.abc.tmp'), 'partial');
  await writeFile(path.join(dir, 'notes.txt'), 'not media');
});
afterAll(async () => {
  await s3?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A destination that fails every write of one key (a flaky network, an interrupted run). */
function failingFor(target: MediaStorage, badKey: string): MediaStorage {
  return new Proxy(target, {
    get(t, prop, receiver) {
      if (prop === 'putStream') {
        return async (key: string, body: Readable, mime: string) => {
          if (key === badKey) {
            body.destroy();
            throw new Error('connection reset');
          }
          return t.putStream(key, body, mime);
        };
      }
      const v = Reflect.get(t, prop, receiver);
      return typeof v === 'function' ? v.bind(t) : v;
    },
  });
}

describe('media:migrate', () => {
  it('copies the folder into the bucket byte for byte, resumes after a failure, and skips what is already there', async () => {
    const from = new LocalDiskStorage(dir);
    const to = s3.storage({ partSizeBytes: 5 * 1024 * 1024 });
    const total = Object.keys(files).length;

    // First run: one object keeps failing (retried, then reported); the others are copied.
    const first = await migrateMedia({ from, to: failingFor(to, 'uploads/u2/voice.wav') });
    expect(first).toMatchObject({ total, copied: total - 1, skipped: 0, failed: 1 });
    expect(first.failures).toEqual([{ key: 'uploads/u2/voice.wav', error: 'connection reset' }]);
    expect(await s3.storedBytes('uploads/u2/voice.wav')).toBeNull();

    // Run again: only the missing one is copied.
    const seen: MigrateProgress[] = [];
    const second = await migrateMedia({ from, to, onProgress: (p) => seen.push(p) });
    expect(second).toMatchObject({ total, copied: 1, skipped: total - 1, failed: 0, bytesCopied: 50_000 });
    expect(seen[0]).toMatchObject({ done: 0, total });
    expect(seen.at(-1)).toMatchObject({ done: total });
    for (const [key, data] of Object.entries(files)) expect((await s3.storedBytes(key))?.equals(data), key).toBe(true);
    expect(await s3.storedBytes('notes.txt')).toBeNull();
    expect((await to.list('uploads/u2/')).items.map((o) => o.key)).toEqual(['uploads/u2/voice.wav']);

    // An object whose size differs in the bucket (a different or truncated copy) is copied again.
    await to.put('generations/u1/a.png', Buffer.from('truncated'), 'image/png');
    const third = await migrateMedia({ from, to });
    expect(third).toMatchObject({ copied: 1, skipped: total - 1, failed: 0 });
    expect((await s3.storedBytes('generations/u1/a.png'))?.equals(files['generations/u1/a.png'] as Buffer)).toBe(true);
  });

  it('prints a progress bar on a terminal and plain lines otherwise', () => {
    const tty: string[] = [];
    const bar = progressPrinter({ isTTY: true, columns: 120, write: (s) => tty.push(s) });
    const p = { total: 4, totalBytes: 0, done: 2, copied: 1, skipped: 1, failed: 0, bytesCopied: 3 * 1024 * 1024 };
    bar(p);
    bar({ ...p, done: 4, copied: 3 });
    expect(tty[0]).toMatch(/^\r\[#+-+\] {2}50% 2\/4 objects · 3\.0 MB copied · 1 copied, 1 already there, 0 failed/);
    expect(tty[1]).toMatch(/^\r\[#+\] 100% 4\/4/);
    expect(tty.at(-1)).toBe('\n');

    const plain: string[] = [];
    let clock = 0;
    const lines = progressPrinter({ isTTY: false, write: (s) => plain.push(s) }, () => clock);
    const many = { ...p, total: 1000, done: 0 };
    for (let done = 0; done <= 1000; done++) {
      clock += 1;
      lines({ ...many, done });
    }
    // every 5 %: 0, 5, …, 100
    expect(plain).toHaveLength(21);
    expect(plain.at(-1)).toMatch(/^media:migrate 100% 1000\/1000 objects/);
    expect(plain.every((l) => !l.includes('\r'))).toBe(true);
  });

  it('refuses bad arguments and a missing bucket with a clear message', async () => {
    expect(parseMigrateArgs(['--to', 's3'])).toEqual({ to: 's3', concurrency: 4 });
    expect(parseMigrateArgs(['--to=s3', '--concurrency=8'])).toEqual({ to: 's3', concurrency: 8 });
    expect(parseMigrateArgs(['--help'])).toMatchObject({ help: expect.stringMatching(/^Usage: npm run media:migrate -- --to s3/) });
    expect(parseMigrateArgs([])).toMatchObject({ error: expect.stringMatching(/^--to must be "s3"/) });
    expect(parseMigrateArgs(['--to', 'gcs'])).toMatchObject({ error: expect.stringMatching(/not "gcs"/) });
    expect(parseMigrateArgs(['--to', 's3', '--concurrency', '0'])).toMatchObject({ error: expect.stringMatching(/--concurrency/) });

    const err: string[] = [];
    const out = { write: () => true };
    const env = parseEnv({ MEDIA_DIR: dir, ...s3.env, S3_BUCKET: 'no-such-bucket' });
    expect(await runMediaMigrate(['--to', 's3'], env, out, { write: (s) => err.push(s) })).toBe(1);
    expect(err.join('')).toMatch(/S3 bucket "no-such-bucket" does not exist at http:\/\/127\.0\.0\.1:\d+/);
    expect(await runMediaMigrate(['--to', 'nowhere'], env, out, { write: (s) => err.push(s) })).toBe(2);
  });

  it('npm run media:migrate -- --to s3 runs the real command', async () => {
    const target = await startS3Server({ bucket: 'migrated' });
    try {
      const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'media:migrate', '--', '--to', 's3'], {
        cwd: ROOT,
        env: { ...process.env, ...target.env, MEDIA_DIR: dir, NODE_ENV: 'test' },
        timeout: 60_000,
      });
      expect(stdout).toMatch(/Copying .* into s3:\/\/migrated at http:\/\/127\.0\.0\.1:\d+/);
      expect(stdout).toMatch(/media:migrate 100% 4\/4 objects/);
      expect(stdout).toMatch(/Done: 4 objects in the bucket \(4 copied, 0 already there\)/);
      for (const [key, data] of Object.entries(files)) expect((await target.storedBytes(key))?.equals(data), key).toBe(true);
    } finally {
      await target.stop();
    }
  });
});
