import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyCreditChange, type Db } from '@atelier/db';
import { Redis } from 'ioredis';
import { sql } from 'kysely';

/** Helpers for the fault tests: private Redis servers and invariants (worker child processes: @atelier/testkit). */

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function waitFor<T>(fn: () => Promise<T | null | undefined | false>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn().catch(() => null);
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(100);
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** A Redis of the test's own (never the shared one): stop and start it at will. */
export interface PrivateRedis {
  url: string;
  port: number;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function privateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let proc: ChildProcess | null = null;
  const r: PrivateRedis = {
    url,
    port,
    async start() {
      proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      await waitFor(
        async () => {
          const c = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
          c.on('error', () => {});
          try {
            await c.connect();
            return (await c.ping()) === 'PONG';
          } finally {
            c.disconnect();
          }
        },
        10_000,
        `redis on ${port}`,
      );
    },
    async stop() {
      const p = proc;
      proc = null;
      if (!p || p.exitCode !== null) return;
      const exited = new Promise((res) => p.once('exit', res));
      p.kill('SIGKILL');
      await exited;
    },
  };
  await r.start();
  return r;
}

/** Gives a user credits the way money moves: through the ledger. */
export async function grant(db: Db, userId: string, units: number, key: string) {
  await applyCreditChange(db, { userId, kind: 'admin_adjustment', amountUnits: units, idempotencyKey: key, note: 'fault test grant' });
}

/** Users whose ledger sum differs from their balance (should be none). */
export async function ledgerMismatches(db: Db) {
  const rows = await sql<{ id: string; balance: string; ledger: string }>`
    select u.id, u.credit_units::text as balance, coalesce(sum(l.amount_units), 0)::text as ledger
    from users u left join credit_ledger l on l.user_id = u.id
    group by u.id, u.credit_units
    having u.credit_units <> coalesce(sum(l.amount_units), 0)`.execute(db);
  return rows.rows;
}

/**
 * Every charged generation ended in exactly one completion or one refund: returns the rows
 * that break it (still running, refunded while completed, refunded twice, charged twice…).
 */
export async function moneyViolations(db: Db, userId: string) {
  const rows = await sql<{
    id: string;
    status: string;
    charged: number;
    refunded: number;
    spends: number;
    refunds: number;
    spent: number;
    back: number;
  }>`
    select g.id, g.status, g.credit_units_charged as charged, g.credit_units_refunded as refunded,
      count(*) filter (where l.kind = 'spend')::int as spends,
      count(*) filter (where l.kind = 'refund')::int as refunds,
      coalesce(-sum(l.amount_units) filter (where l.kind = 'spend'), 0)::int as spent,
      coalesce(sum(l.amount_units) filter (where l.kind = 'refund'), 0)::int as back
    from generations g left join credit_ledger l on l.reference_type = 'generation' and l.reference_id = g.id::text
    where g.user_id = ${userId}
    group by g.id`.execute(db);
  return rows.rows.filter((r) => {
    if (r.spends !== 1 || r.spent !== r.charged) return true;
    if (r.status === 'COMPLETED') return r.refunds !== 0 || r.refunded !== 0;
    if (r.status === 'FAILED' || r.status === 'CANCELLED') return r.refunds !== 1 || r.back !== r.charged || r.refunded !== r.charged;
    return true; // PENDING / PROCESSING: not settled
  });
}
