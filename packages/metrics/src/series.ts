import { type JobCounts, QUEUE_KEYS, type QueueClient, type QueueKey } from '@atelier/jobs';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { FastHistogram } from './fast-histogram';

/**
 * Every Prometheus series Atelier exposes, in one registry per process (prefix `atelier_`). The api
 * serves it at GET /metrics, the standalone worker on METRICS_PORT; in the one-process mode (the
 * launcher) api and workers share this module, so the api's /metrics shows both. README "Metrics"
 * says what each series means; deploy/grafana/dashboards/atelier-queues.json draws them.
 *
 * Counters and histograms are updated where things happen (one observe per HTTP request, one per
 * job, one per committed credit change or provider error); the gauges are read at scrape time from
 * their sources (BullMQ counts, the SSE subscriptions), so they cost nothing between scrapes.
 */
export const registry = new Registry();

// On every request: the fast histogram (same exposition as prom-client's).
export const httpRequestDuration = new FastHistogram({
  name: 'atelier_http_request_duration_seconds',
  help: 'HTTP requests by route pattern (never the raw URL), method and status code, in seconds',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const jobDuration = new Histogram({
  name: 'atelier_job_duration_seconds',
  help: 'Job attempts by queue, model ("none" for queues without one) and outcome (completed, failed), in seconds',
  labelNames: ['queue', 'model', 'outcome'] as const,
  buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800],
  registers: [registry],
});

export const jobFailures = new Counter({
  name: 'atelier_job_failures_total',
  help: 'Failed job attempts by queue and model; final="true" when no retry is left (the row is failed and refunded)',
  labelNames: ['queue', 'model', 'final'] as const,
  registers: [registry],
});

export const creditsSpent = new Counter({
  name: 'atelier_credits_spent_total',
  help: 'Credits spent (committed ledger spends), by what they paid for',
  labelNames: ['reference'] as const,
  registers: [registry],
});

export const creditsRefunded = new Counter({
  name: 'atelier_credits_refunded_total',
  help: 'Credits refunded (committed ledger refunds), by what they paid for',
  labelNames: ['reference'] as const,
  registers: [registry],
});

export const providerErrors = new Counter({
  name: 'atelier_provider_errors_total',
  help: 'Errors of hosted AI providers by provider and kind (rate_limited, unavailable, timeout, rejected, auth, malformed, unsafe_output)',
  labelNames: ['provider', 'kind'] as const,
  registers: [registry],
});

/** The BullMQ states a queue's jobs are counted in (prioritized jobs count as waiting). */
export const JOB_STATES = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const;
/** How long one read of the queue counts serves scrapes: a scrape storm costs Redis one read per period. */
export const QUEUE_COUNTS_TTL_MS = 5000;
/** A scrape does not wait longer than this for Redis (the queue series are left out instead). */
const QUEUE_COUNTS_TIMEOUT_MS = 2000;

type QueueCountsSource = Pick<QueueClient, 'counts'>;
const queueSources = new Set<QueueCountsSource>();
interface QueueRead {
  source: QueueCountsSource;
  at: number;
  settled: boolean;
  counts: Promise<Map<QueueKey, JobCounts>>;
}
let queueRead: QueueRead | null = null;

/** Reads the queue counts through `queues` at scrape time (the first source of the process; they share one Redis). */
export function watchQueues(queues: QueueCountsSource): () => void {
  queueSources.add(queues);
  return () => {
    queueSources.delete(queues);
    if (queueRead?.source === queues) queueRead = null;
  };
}

async function queueCounts(): Promise<Map<QueueKey, JobCounts> | null> {
  const source = queueSources.values().next().value;
  if (!source) return null;
  const now = Date.now();
  // A read still in flight (Redis slow or away) is shared, never repeated: scrapes don't pile up reads.
  const fresh = queueRead?.source === source && (!queueRead.settled || now - queueRead.at < QUEUE_COUNTS_TTL_MS);
  if (!fresh) {
    const read: QueueRead = {
      source,
      at: now,
      settled: false,
      counts: Promise.all(QUEUE_KEYS.map(async (key) => [key, await source.counts(key)] as const)).then((entries) => new Map(entries)),
    };
    queueRead = read;
    read.counts.then(
      () => {
        read.settled = true;
      },
      () => {
        // A failed read is not kept: the next scrape tries again.
        if (queueRead === read) queueRead = null;
      },
    );
  }
  const current = queueRead as QueueRead;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), QUEUE_COUNTS_TIMEOUT_MS);
  });
  try {
    return await Promise.race([current.counts, timeout]);
  } catch {
    return null; // Redis refused: no queue series in this scrape
  } finally {
    clearTimeout(timer);
  }
}

export const queueJobs = new Gauge({
  name: 'atelier_queue_jobs',
  help: `Jobs per queue and state (waiting includes prioritized), read from BullMQ at scrape time (cached ${QUEUE_COUNTS_TTL_MS / 1000} s)`,
  labelNames: ['queue', 'state'] as const,
  registers: [registry],
  async collect() {
    const counts = await queueCounts();
    this.reset();
    if (!counts) return;
    for (const [queue, c] of counts) {
      this.set({ queue, state: 'waiting' }, c.waiting + c.prioritized);
      this.set({ queue, state: 'active' }, c.active);
      this.set({ queue, state: 'delayed' }, c.delayed);
      this.set({ queue, state: 'failed' }, c.failed);
      this.set({ queue, state: 'completed' }, c.completed);
    }
  },
});

/** Open SSE subscriptions by kind, as one api process's subscription tracker reports them. */
export type SubscriberCounts = () => Record<string, number>;
const subscriberSources = new Set<SubscriberCounts>();

/** Counts `source`'s SSE subscriptions at scrape time (summed over the process's sources). */
export function watchSubscribers(source: SubscriberCounts): () => void {
  subscriberSources.add(source);
  return () => {
    subscriberSources.delete(source);
  };
}

export const sseSubscribers = new Gauge({
  name: 'atelier_sse_subscribers',
  help: 'Open SSE subscriptions on this process, by kind (generation, export, chatReply, seoArticle)',
  labelNames: ['kind'] as const,
  registers: [registry],
  collect() {
    this.reset();
    const totals = new Map<string, number>();
    for (const source of subscriberSources) for (const [kind, n] of Object.entries(source())) totals.set(kind, (totals.get(kind) ?? 0) + n);
    for (const [kind, n] of totals) this.set({ kind }, n);
  },
});

let processMetrics = false;
/** Node's default metrics (CPU, memory, event loop lag, GC, handles), prefixed `atelier_`. Once per process. */
export function collectProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: registry, prefix: 'atelier_' });
}

/** A label value the code chose (a ledger reference type), kept to a bounded, safe shape. */
const boundedLabel = (value: string | null | undefined) => (value && /^[a-z][a-z0-9_]{0,39}$/.test(value) ? value : 'other');

/** A committed spend or refund of `units` credit units (hundredths of a credit). */
export function countCredits(kind: 'spend' | 'refund', units: number, reference: string | null | undefined): void {
  const credits = Math.abs(units) / 100;
  if (!credits) return;
  (kind === 'spend' ? creditsSpent : creditsRefunded).inc({ reference: boundedLabel(reference) }, credits);
}
