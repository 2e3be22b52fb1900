/**
 * A worker process for the fault and cluster tests: the real worker (startAllWorkers: registry,
 * processors, maintenance schedule, BullMQ, Postgres, events) run as a child the test can SIGKILL
 * or SIGTERM. Every engine is the real local one, optionally slowed down or made to fail, so a
 * test can catch a job mid-flight:
 *  - FAULT_ENGINE_DELAY_MS: wait this long (abortable) before rendering;
 *  - FAULT_CHAOS=1: per attempt, a provider 5xx (~20 %), a provider timeout (~10 %) or success.
 *  - FAULT_LOCK_MS / FAULT_STALLED_MS: BullMQ lock duration and stalled-check interval.
 *  - FAULT_RECONCILE_MS: the period of every maintenance task (reconciling rows whose job was lost…).
 * It prints "ready" once its workers run, and shuts down on SIGTERM like apps/worker/src/main.ts.
 */
import { type Engine, localEngines } from '@atelier/ai';
import { createDb } from '@atelier/db';
import { parseEnv } from '@atelier/shared/env';
import { startAllWorkers } from '@atelier/worker';
import { pino } from 'pino';

const env = parseEnv();
const log = pino({ level: process.env.FAULT_LOG_LEVEL ?? 'silent' });
const { db } = createDb({ connectionString: env.db.url, max: 10 });
const engines = await localEngines();
const delayMs = Number(process.env.FAULT_ENGINE_DELAY_MS ?? 0);
const chaos = process.env.FAULT_CHAOS === '1';

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new Error('aborted'));
    });
  });

// Every engine is the real local one, optionally behind a delay and injected provider faults.
for (const [id, real] of Object.entries(engines) as [string, Engine][]) {
  engines[id] = async (input) => {
    if (delayMs) {
      input.onProgress?.(10);
      await sleep(delayMs, input.signal);
    }
    if (chaos) {
      const roll = Math.random();
      if (roll < 0.2) throw Object.assign(new Error('The provider answered HTTP 503'), { status: 503 });
      if (roll < 0.3) {
        await sleep(50, input.signal);
        throw Object.assign(new Error('The provider took longer than 60 s'), { name: 'TimeoutError' });
      }
    }
    return real(input);
  };
}

const running = await startAllWorkers({
  env,
  db,
  log,
  engines,
  ...(process.env.FAULT_STALLED_MS ? { stalledIntervalMs: Number(process.env.FAULT_STALLED_MS) } : {}),
  ...(process.env.FAULT_LOCK_MS ? { lockDurationMs: Number(process.env.FAULT_LOCK_MS) } : {}),
  ...(process.env.FAULT_RECONCILE_MS ? { maintenanceEveryMs: Number(process.env.FAULT_RECONCILE_MS) } : {}),
});
for (const w of running.workers) await w.waitUntilReady();
process.stdout.write('ready\n');

let stopping = false;
process.on('SIGTERM', () => {
  if (stopping) return;
  stopping = true;
  void (async () => {
    await running.close();
    await db.destroy();
    process.stdout.write('stopped\n');
    process.exit(0);
  })();
});
