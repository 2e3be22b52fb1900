import { reapStaleReplies, sealClearWebhookSecrets } from '@atelier/db';
import { sweepOrphanMedia } from '@atelier/media';
import { reconcileOutbox } from '../processors/email.processor';
import { reconcileWebhooks } from '../processors/webhooks.processor';
import type { WorkerDeps } from '../registry';
import { reconcileExports, reconcileGenerations, reconcileSeo } from './reconcile';

/**
 * Periodic work, as BullMQ job schedulers on the maintenance queue: each task gets one scheduler
 * (`upsertJobScheduler`, keyed by its name), so with N workers every period runs once, on whichever
 * worker takes the job. Adding a task is one entry below: a name, a period and what it does (its
 * result is logged). Tasks must be idempotent: a job can run twice after a crash.
 */
export interface MaintenanceTask {
  name: string;
  everyMs: number;
  /** Also run soon after a worker starts (once, however many start): catches up after a crash or a Redis restart. */
  onStart?: boolean;
  run(deps: WorkerDeps): Promise<Record<string, number>>;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Ended sessions (logged out, revoked, expired) are kept this long for support questions, then deleted. */
const ENDED_SESSION_RETENTION_MS = 7 * DAY;

export const maintenanceTasks: MaintenanceTask[] = [
  { name: 'reconcile-generations', everyMs: 5 * MINUTE, onStart: true, run: (deps) => reconcileGenerations(deps) },
  { name: 'reconcile-exports', everyMs: 5 * MINUTE, onStart: true, run: (deps) => reconcileExports(deps) },
  { name: 'reconcile-seo', everyMs: 5 * MINUTE, onStart: true, run: (deps) => reconcileSeo(deps) },
  {
    // Chat replies are written by an api process; one that died leaves them open (charged): end and refund them.
    name: 'reap-chat-replies',
    everyMs: MINUTE,
    onStart: true,
    async run({ db, events }) {
      const ended = await reapStaleReplies(db);
      for (const id of ended) void events.publish('chatReply', id, { type: 'end' });
      return { ended: ended.length };
    },
  },
  {
    // Mails whose enqueue failed after their transaction committed (a Redis blip), or whose job Redis lost.
    name: 'reconcile-outbox',
    everyMs: MINUTE,
    onStart: true,
    run: (deps) => reconcileOutbox(deps),
  },
  {
    // Webhook deliveries whose next attempt is due with no job (enqueue lost after commit, Redis lost it, a worker killed
    // mid-send), and endpoints failing for 3 days (disabled).
    name: 'reconcile-webhooks',
    everyMs: MINUTE,
    onStart: true,
    run: (deps) => reconcileWebhooks(deps),
  },
  {
    // Webhook signing secrets stored in clear (before sealing existed, or by the demo seed) sealed at rest.
    name: 'seal-webhook-secrets',
    everyMs: DAY,
    onStart: true,
    async run({ db, env }) {
      return { sealed: await sealClearWebhookSecrets(db, env.auth.secret) };
    },
  },
  {
    // Objects no row has referred to for 24 h (a crash between writing a file and its row, a failed upload…).
    name: 'sweep-orphan-media',
    everyMs: HOUR,
    async run({ db, storage, log }) {
      const { scanned, removed, bytesRemoved } = await sweepOrphanMedia({ db, storage, log });
      return { scanned, removed, bytesRemoved };
    },
  },
  {
    // Sessions past their expiry or revoked a while ago (their retired refresh tokens go with them).
    name: 'expire-sessions',
    everyMs: HOUR,
    async run({ db }) {
      const before = new Date(Date.now() - ENDED_SESSION_RETENTION_MS);
      const gone = await db
        .deleteFrom('auth_sessions')
        .where((eb) => eb.or([eb('expires_at', '<', before), eb('revoked_at', '<', before)]))
        .executeTakeFirst();
      return { deleted: Number(gone.numDeletedRows) };
    },
  },
];
