import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isMediaKeyReferenced } from '@atelier/db';
import { createTestDatabase, type TestDatabase } from '@atelier/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from './local';
import type { MediaStorage } from './storage';
import { removeUnreferenced, sweepOrphanMedia } from './sweep';
import { startS3Server } from './testing/s3-server';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ max: 2 });
});
afterAll(async () => {
  await database?.drop();
});

const DRIVERS: { name: string; start: () => Promise<{ storage: MediaStorage; stop: () => Promise<void> }> }[] = [
  {
    name: 'local',
    async start() {
      const dir = await mkdtemp(path.join(tmpdir(), 'atelier-sweep-'));
      return { storage: new LocalDiskStorage(dir), stop: () => rm(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 's3',
    async start() {
      const server = await startS3Server();
      return { storage: server.storage(), stop: () => server.stop() };
    },
  },
];

/** A user with rows that hold keys in plain columns and inside JSON, under a per-driver folder. */
async function seedRows(owner: string) {
  const db = database.db;
  const user = await db
    .insertInto('users')
    .values({ email: `${owner}@example.com`, password_hash: 'x', avatar_url: `uploads/${owner}/avatar.png` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('generations')
    .values({
      user_id: user.id,
      type: 'video',
      prompt: 'p',
      model_id: 'local/video',
      provider: 'local',
      status: 'COMPLETED',
      output_url: `generations/${owner}/out.mp4`,
      thumbnail_url: `generations/${owner}/out.thumb.webp`,
      // the image the video was made from: only the generation's inputs mention it
      params: JSON.stringify({ image: `uploads/${owner}/source.png`, nested: { list: ['x', `uploads/${owner}/deep.wav`] } }),
    })
    .execute();
  await db
    .insertInto('voice_profiles')
    .values({ user_id: user.id, name: 'Voice', sample_keys: JSON.stringify([`uploads/${owner}/sample.wav`]) })
    .execute();
}

describe.each(DRIVERS)('orphan media ($name)', ({ name, start }) => {
  let storage: MediaStorage;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, stop } = await start());
  });
  afterAll(async () => {
    await stop?.();
  });

  it('sweeps objects no row refers to once they are older than 24 h, and keeps everything else', async () => {
    const owner = `sweep-${name}`;
    await seedRows(owner);
    const referenced = [
      `generations/${owner}/out.mp4`,
      `generations/${owner}/out.thumb.webp`,
      `uploads/${owner}/source.png`,
      `uploads/${owner}/deep.wav`,
      `uploads/${owner}/sample.wav`,
      `uploads/${owner}/avatar.png`,
    ];
    const orphans = [`uploads/${owner}/abandoned.png`, `exports/${owner}/old.zip`, `generations/${owner}/lost.png`];
    const foreign = `other/${owner}/not-ours.bin`;
    for (const key of [...referenced, ...orphans, foreign]) await storage.put(key, Buffer.from(key), 'application/octet-stream');

    // Young orphans stay: something may be about to refer to them.
    expect(await sweepOrphanMedia({ db: database.db, storage })).toMatchObject({ removed: 0, candidates: 0 });
    for (const key of orphans) expect(await storage.stat(key)).not.toBeNull();

    // A day later they go; referenced files and files outside the app's areas stay.
    const lines: object[] = [];
    const later = new Date(Date.now() + 25 * 3600_000);
    const result = await sweepOrphanMedia({ db: database.db, storage, now: later, log: { info: (o) => lines.push(o) } });
    expect(result.removed).toBe(orphans.length);
    expect(result.bytesRemoved).toBe(orphans.reduce((n, k) => n + k.length, 0));
    for (const key of orphans) expect(await storage.stat(key), key).toBeNull();
    for (const key of referenced) expect(await storage.stat(key), key).not.toBeNull();
    expect(await storage.stat(foreign)).not.toBeNull();
    expect(lines).toHaveLength(1);

    // Running it again finds nothing more to do.
    expect((await sweepOrphanMedia({ db: database.db, storage, now: later })).removed).toBe(0);
  });

  it('removeUnreferenced removes only what nothing shows', async () => {
    const owner = `remove-${name}`;
    await seedRows(owner);
    await storage.put(`uploads/${owner}/source.png`, Buffer.from('kept'), 'image/png');
    await storage.put(`uploads/${owner}/gone.png`, Buffer.from('gone'), 'image/png');
    const removed = await removeUnreferenced({ db: database.db, storage }, [
      `uploads/${owner}/source.png`,
      `uploads/${owner}/gone.png`,
      null,
      undefined,
    ]);
    expect(removed).toEqual([`uploads/${owner}/gone.png`]);
    expect(await storage.stat(`uploads/${owner}/source.png`)).not.toBeNull();
    expect(await storage.stat(`uploads/${owner}/gone.png`)).toBeNull();
    expect(await isMediaKeyReferenced(database.db, `uploads/${owner}/deep.wav`)).toBe(true);
    expect(await isMediaKeyReferenced(database.db, `uploads/${owner}/deep`)).toBe(false);
  });
});
