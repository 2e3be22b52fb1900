import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { type S3TestServer, startS3Server } from '@atelier/media/testing/s3-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from './support/app';
import { type Cluster, call, followSse, startCluster } from './support/cluster';

/**
 * Scaled out: two api processes and two worker processes from the built tree on one Postgres,
 * one Redis and one S3-compatible bucket (a real S3 API server, s3rver; STORAGE_DRIVER=s3) — the
 * topology of README "Scaling out". Work started on api 1 is followed, streamed and downloaded on
 * api 2 with the bytes that are in the bucket; a logout on api 1 holds on api 2 at once; a worker
 * SIGKILLed mid-job leaves nothing stuck and the money straight; the local media folder stays empty.
 */

let s3: S3TestServer;
let cluster: Cluster;
let api1: string;
let api2: string;
let token = '';
let userId = '';
const PASSWORD = 'correct horse battery staple';

beforeAll(async () => {
  s3 = await startS3Server({ bucket: 'atelier-cluster' });
  cluster = await startCluster({ apis: 2, workers: 2, env: s3.env });
  api1 = cluster.apis[0]?.url as string;
  api2 = cluster.apis[1]?.url as string;
}, 180_000);

afterAll(async () => {
  await cluster?.stop();
  await s3?.stop();
});

type Generation = { id: string; status: string; progress: number; outputUrl: string | null; type: string };
const generated: Record<string, Generation> = {};

/** The bucket's object behind a signed /media URL. */
const keyOf = (mediaUrl: string) => decodeURIComponent(new URL(mediaUrl, 'http://x').pathname.replace(/^\/media\//, ''));

/** Every file under a folder (none expected: media lives in the bucket). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

const balanceAndLedger = async () => {
  const [row] = await cluster.query<{ balance: string; ledger: string }>(
    `select u.credit_units::text as balance, coalesce((select sum(amount_units) from credit_ledger l where l.user_id = u.id), 0)::text as ledger
       from users u where u.id = $1`,
    [userId],
  );
  return { balance: Number(row?.balance), ledger: Number(row?.ledger) };
};

describe('two api processes, two workers', () => {
  it('a user registers and logs in on api 1', async () => {
    const email = uniqueEmail('cluster');
    const reg = await call(api1, 'POST', '/api/auth/register', { body: { email, password: PASSWORD } });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    const login = await call(api1, 'POST', '/api/auth/login', { body: { email, password: PASSWORD } });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    token = login.body.accessToken;
    userId = login.body.user.id;
    // The same token works on api 2: sessions live in Postgres, not in a process.
    const me = await call(api2, 'GET', '/api/auth/me', { token });
    expect(me.body.user.id).toBe(userId);
  });

  it('generates an image, a speech clip and a video on api 1; follows each one on api 2 over SSE to COMPLETED; downloads each from api 2', async () => {
    const requests = {
      image: { type: 'image', model: 'local/image', prompt: 'a lighthouse at dusk', resolution: '480p', aspectRatio: '1:1' },
      audio: { type: 'audio', model: 'local/speech', prompt: 'Hello from the second replica.' },
      video: { type: 'video', model: 'local/video', prompt: 'waves rolling on a beach', duration: 3, resolution: '480p', aspectRatio: '16:9' },
    };
    const ids: Record<string, string> = {};
    for (const [kind, body] of Object.entries(requests)) {
      const res = await call(api1, 'POST', '/api/generation/generate', { token, body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      ids[kind] = res.body.generation.id;
    }
    await Promise.all(
      Object.entries(ids).map(async ([kind, id]) => {
        const seen = await followSse<Generation>(api2, 'generation.onStatus', { id }, { token, timeoutMs: 90_000 });
        const last = seen.at(-1) as Generation;
        expect(last.status, `${kind}: ${JSON.stringify(seen)}`).toBe('COMPLETED');
        // Status moved forward only; progress never went back within a status.
        const order = ['PENDING', 'PROCESSING', 'COMPLETED'];
        const ranks = seen.map((g) => order.indexOf(g.status));
        expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
        generated[kind] = last;
      }),
    );
    for (const [kind, g] of Object.entries(generated)) {
      expect(g.outputUrl, kind).toBeTruthy();
      const res = await fetch(`${api2}${g.outputUrl}`);
      expect(res.status, kind).toBe(200);
      const bytes = Buffer.from(await res.arrayBuffer());
      const stored = await s3.storedBytes(keyOf(g.outputUrl as string));
      expect(stored, `${kind}: not in the bucket`).not.toBeNull();
      expect(bytes.equals(stored as Buffer), kind).toBe(true);
      expect(res.headers.get('content-type'), kind).toMatch(kind === 'image' ? /^image\// : kind === 'audio' ? /^audio\// : /^video\/mp4/);
    }
  }, 150_000);

  it('a chat reply started on api 1 streams token by token to a subscriber on api 2', async () => {
    const conv = await call(api1, 'POST', '/api/chat/conversations', { token, body: { aiModels: ['local/text'] } });
    expect(conv.status, JSON.stringify(conv.body)).toBe(200);
    const sent = await call(api1, 'POST', `/api/chat/conversations/${conv.body.id}/messages`, {
      token,
      body: { content: 'Write a short welcome note for a pottery workshop' },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const replyId = sent.body.replies[0].id as string;
    type ChatEvent = { type: string; offset?: number; text?: string; message?: { status: string; content: string } };
    const arrivals: number[] = [];
    const events = await followSse<ChatEvent>(
      api2,
      'chat.stream',
      { conversationId: conv.body.id, messageIds: [replyId] },
      { token, onData: (e, at) => e.type === 'delta' && arrivals.push(at), timeoutMs: 90_000 },
    );
    const end = events.at(-1) as ChatEvent;
    expect(end.type).toBe('end');
    expect(end.message?.status).toBe('COMPLETED');
    let text = '';
    for (const e of events) if (e.type !== 'end') text = text.slice(0, e.offset) + (e.text ?? '');
    expect(text).toBe(end.message?.content);
    // Token by token: many deltas, arriving over time rather than in one piece.
    expect(arrivals.length).toBeGreaterThan(10);
    expect((arrivals.at(-1) as number) - (arrivals[0] as number)).toBeGreaterThan(200);
  }, 120_000);

  it('a project export is rendered by a worker and downloaded from api 1', async () => {
    const project = await call(api1, 'POST', '/api/projects', { token, body: { name: 'Cluster reel', type: 'VIDEO' } });
    expect(project.status, JSON.stringify(project.body)).toBe(200);
    const projectId = project.body.project.id as string;
    const clips = await call(api2, 'PUT', `/api/projects/${projectId}/video-clips`, {
      token,
      body: { clips: [{ generationId: generated.video?.id }] },
    });
    expect(clips.status, JSON.stringify(clips.body)).toBe(200);
    const started = await call(api1, 'POST', `/api/projects/${projectId}/export`, { token, body: { type: 'video/mp4' } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const seen = await followSse<{ status: string; downloadUrl: string | null }>(
      api2,
      'projects.onExport',
      { id: started.body.export.id },
      { token, timeoutMs: 120_000 },
    );
    const done = seen.at(-1);
    expect(done?.status, JSON.stringify(seen)).toBe('COMPLETED');
    const file = await fetch(`${api1}${done?.downloadUrl}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('video/mp4');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment/);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.byteLength).toBeGreaterThan(1000);
    expect(bytes.equals((await s3.storedBytes(keyOf(done?.downloadUrl as string))) as Buffer)).toBe(true);
  }, 150_000);

  it('one worker SIGKILLed mid-job leaves no job stuck, and the balance equals the ledger', async () => {
    const [w1, w2] = cluster.workers as [Cluster['workers'][number], Cluster['workers'][number]];
    // Only worker 1 runs, so the job is certainly its own when it is killed.
    await w2.kill('SIGTERM');
    const res = await call(api1, 'POST', '/api/generation/generate', {
      token,
      body: { type: 'video', model: 'local/video', prompt: 'a slow pan over mountains', duration: 10, resolution: '720p', aspectRatio: '16:9' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = res.body.generation.id as string;
    const deadline = Date.now() + 60_000;
    for (;;) {
      const [row] = await cluster.query<{ status: string }>('select status from generations where id = $1', [id]);
      if (row?.status === 'PROCESSING') break;
      if (Date.now() > deadline) throw new Error(`never PROCESSING: ${row?.status}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    await w1.kill('SIGKILL');
    await cluster.startWorker();
    // BullMQ's stalled check hands the job to the new worker (lock 30 s): it completes, or fails refunded.
    const settleBy = Date.now() + 150_000;
    let status = 'PROCESSING';
    while ((status === 'PENDING' || status === 'PROCESSING') && Date.now() < settleBy) {
      await new Promise((r) => setTimeout(r, 500));
      status = (await cluster.query<{ status: string }>('select status from generations where id = $1', [id]))[0]?.status ?? 'missing';
    }
    expect(['COMPLETED', 'FAILED']).toContain(status);
    const stuck = await cluster.query('select id, status from generations where status in ($1, $2)', ['PENDING', 'PROCESSING']);
    expect(stuck).toEqual([]);
    const { balance, ledger } = await balanceAndLedger();
    expect(balance).toBe(ledger);
    const charges = await cluster.query<{ kind: string }>(`select kind from credit_ledger where reference_id = $1 order by created_at`, [id]);
    expect(charges.map((c) => c.kind)).toEqual(status === 'COMPLETED' ? ['spend'] : ['spend', 'refund']);
  }, 240_000);

  it('logout on api 1 makes the same access token fail on api 2 on the very next request', async () => {
    expect((await call(api2, 'GET', '/api/auth/me', { token })).status).toBe(200);
    const out = await call(api1, 'POST', '/api/auth/logout', { token });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    const after = await call(api2, 'GET', '/api/auth/me', { token });
    expect(after.status).toBe(401);
  });

  it('the local media folder stayed empty: every file went to the bucket', async () => {
    expect(await filesUnder(cluster.mediaDir)).toEqual([]);
  });
});
