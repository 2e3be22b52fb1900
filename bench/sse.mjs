// bench/sse: Postgres queries per second while 1,000 idle SSE status subscriptions are open on one
// api (`generation.onStatus` for 1,000 generations that never move), next to the old way — each
// subscriber reading its row every 400 ms — measured in the same run on the same database.
// Queries = transactions (pg_stat_database xact_commit + xact_rollback) of the bench database over a
// quiet window; Postgres reports a connection's counts up to ~10 s late, so each window starts after a
// settling wait. Prints figures, asserts nothing. BENCH_SSE_N, BENCH_SSE_WINDOW_S.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { getOwned, toGeneration } from '../apps/api/src/modules/generation/generation.service.ts';
import { createTestApp } from '../apps/api/src/testing/harness.ts';
import { ADMIN_URL, dropTemplateDatabase, prepareTemplateDatabase } from '../packages/db/src/testing.ts';

const N = Number(process.env.BENCH_SSE_N ?? 1000);
const WINDOW_S = Number(process.env.BENCH_SSE_WINDOW_S ?? 20);
/** The old onStatus loop's interval (generation.router.ts before the event channel). */
const OLD_POLL_MS = 400;
const SETTLE_MS = 12_000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

process.env.TEST_DATABASE_TEMPLATE ??= `atelier_bench_${process.pid}`;
await prepareTemplateDatabase();
const t = await createTestApp();
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
const dbName = new URL(t.env.db.url).pathname.slice(1);
const transactions = async () => {
  const r = await admin.query('select xact_commit + xact_rollback as n from pg_stat_database where datname = $1', [dbName]);
  return Number(r.rows[0].n);
};
/** Transactions per second of the bench database over a quiet window (after the reporting lag). */
async function measure() {
  await sleep(SETTLE_MS);
  const a = await transactions();
  const t0 = performance.now();
  await sleep(WINDOW_S * 1000);
  const b = await transactions();
  return (b - a) / ((performance.now() - t0) / 1000);
}

try {
  const u = await t.signUp();
  const ids = Array.from({ length: N }, () => randomUUID());
  for (let i = 0; i < N; i += 500) {
    await t.deps.db
      .insertInto('generations')
      .values(
        ids.slice(i, i + 500).map((id) => ({ id, user_id: u.userId, type: 'image', prompt: 'idle', model_id: 'local/image', provider: 'local' })),
      )
      .execute();
  }

  console.log(`${N} generations PENDING (no worker: nothing moves); measuring ${WINDOW_S} s windows after ${SETTLE_MS / 1000} s settling`);
  const baseline = await measure();
  console.log(`  idle api, no subscriber:                         ${baseline.toFixed(1)} queries/s`);

  // Now: real SSE subscriptions over HTTP to a listening api.
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${t.app.server.address().port}`;
  const controller = new AbortController();
  let open = 0;
  await Promise.all(
    ids.map(async (id) => {
      const res = await fetch(`${base}/trpc/generation.onStatus?input=${encodeURIComponent(JSON.stringify({ id }))}`, {
        headers: { authorization: `Bearer ${u.token}`, accept: 'text/event-stream' },
        signal: controller.signal,
      });
      if (res.status !== 200) throw new Error(`subscription ${res.status}`);
      // Read until the first status arrives, then leave the stream open and idle.
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let text = '';
      while (!text.includes('"status"')) text += decoder.decode((await reader.read()).value ?? new Uint8Array(), { stream: true });
      open++;
      void (async () => {
        try {
          for (;;) if ((await reader.read()).done) return;
        } catch {
          /* aborted */
        }
      })();
    }),
  );
  const live = t.deps.live.size();
  const now = await measure();
  console.log(`  ${open} idle SSE subscribers (event channel):      ${now.toFixed(1)} queries/s   (${live} followed rows, one safety sweep per 5 s)`);
  controller.abort();
  await sleep(500);

  // The old way, measured: every subscriber reads its row every 400 ms (the removed polling loop).
  const media = { media: t.deps.media.for({ kind: 'user', userId: u.userId }) };
  const stop = new AbortController();
  const legacy = ids.map(async (id, i) => {
    await sleep((i * OLD_POLL_MS) / N); // spread like subscribers that arrived over time
    while (!stop.signal.aborted) {
      toGeneration(media, await getOwned(t.deps, u.userId, id));
      await sleep(OLD_POLL_MS);
    }
  });
  const old = await measure();
  stop.abort();
  await Promise.all(legacy);
  console.log(
    `  ${N} idle subscribers, old polling every ${OLD_POLL_MS} ms:  ${old.toFixed(1)} queries/s   (≈ ${(1000 / OLD_POLL_MS).toFixed(1)} per subscriber)`,
  );
  console.log(`  → ${(old / Math.max(now, 0.1)).toFixed(0)}× fewer queries; target ≤ 20/s for 1,000 subscribers: ${now <= 20 ? 'met' : 'NOT met'}`);
} finally {
  await admin.end();
  await t.close();
  await dropTemplateDatabase();
}
