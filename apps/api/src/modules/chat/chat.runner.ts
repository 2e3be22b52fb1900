import { type Db, endReply, type ReplyEnd } from '@atelier/db';
import type { EventBus, EventSubscription } from '@atelier/jobs';
import type { Logger } from 'pino';
import { type ChatModelAdapter, type ChatTurn, type ChatUsage, estimateTokens } from './chat.models';
import type { ChatMessageStatus } from './chat.schema';

/**
 * Writes chat replies in this process (chat is interactive: no queue). Each reply's text lives
 * in memory while it streams and is written to its row every FLUSH_MS (and at least every
 * HEARTBEAT_MS, so a live reply never looks abandoned: the worker's maintenance ends replies with
 * no write for CHAT_REPLY_STALE_MS). Every token is published on the reply's `chatReply` channel
 * with its offset, so a subscriber on any api replica follows it token by token (chat.stream.ts);
 * the runner answers `chatControl` messages — `stop` from any replica, `sync` (publish the whole
 * text so far) for a subscriber that joined mid-reply. Replies end COMPLETED, FAILED (refunded) or
 * STOPPED, announced with an `end` event.
 */

export const FLUSH_MS = 250;
export const HEARTBEAT_MS = 15_000;
export const REPLY_TIMEOUT_MS = 3 * 60_000;

type StopReason = 'stop' | 'timeout' | 'shutdown' | 'lost';

export interface ReplyJob {
  messageId: string;
  conversationId: string;
  userId: string;
  modelId: string;
  adapter: ChatModelAdapter;
  /** Trimmed history ending with the user's message. */
  messages: ChatTurn[];
  /** A token-metered model's price per 1,000 tokens: the reply's hold is settled to the tokens it used. */
  meteredPer1k?: number;
}

interface Run {
  job: ReplyJob;
  status: ChatMessageStatus;
  content: string;
  controller: AbortController;
  done: Promise<void>;
}

const ABORTED = Symbol('aborted');

/** Resolves with the iterator's next step, or ABORTED as soon as the signal fires. */
function nextOrAbort<T, R>(iterator: AsyncIterator<T, R>, signal: AbortSignal): Promise<IteratorResult<T, R> | typeof ABORTED> {
  if (signal.aborted) return Promise.resolve(ABORTED);
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve(ABORTED);
    signal.addEventListener('abort', onAbort, { once: true });
    iterator.next().then(
      (step) => {
        signal.removeEventListener('abort', onAbort);
        resolve(step);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}

export interface RunnerDeps {
  db: Db;
  log: Pick<Logger, 'warn' | 'error'>;
  events: EventBus;
}

export class ChatRunner {
  private readonly runs = new Map<string, Run>();

  constructor(private readonly deps: RunnerDeps) {}

  isLocal(messageId: string): boolean {
    return this.runs.has(messageId);
  }

  /** Registers the reply and writes it in the background, answering control messages from any replica meanwhile. */
  start(job: ReplyJob): void {
    if (this.runs.has(job.messageId)) return;
    const run: Run = { job, status: 'PENDING', content: '', controller: new AbortController(), done: Promise.resolve() };
    this.runs.set(job.messageId, run);
    const control = this.deps.events
      .subscribe('chatControl', job.messageId, {
        event: (msg) => {
          if (msg.action === 'stop') run.controller.abort('stop' satisfies StopReason);
          else void this.deps.events.publish('chatReply', job.messageId, { type: 'snapshot', status: run.status, text: run.content });
        },
      })
      .catch((e: unknown): EventSubscription | null => {
        this.deps.log.warn({ err: String(e), messageId: job.messageId }, 'chat reply control channel unavailable');
        return null;
      });
    run.done = this.execute(run)
      .catch((e: unknown) => this.deps.log.error({ err: String(e), messageId: job.messageId }, 'chat reply runner failed'))
      .finally(async () => {
        (await control)?.unsubscribe();
        this.runs.delete(job.messageId);
      });
  }

  /** Stops a reply running here and waits until it is written; false when it isn't running here. */
  async stop(messageId: string, reason: StopReason = 'stop'): Promise<boolean> {
    const run = this.runs.get(messageId);
    if (!run) return false;
    run.controller.abort(reason);
    await run.done;
    return true;
  }

  /** Resolves once no reply is running (tests; shutdown after `stopAll`). */
  async idle(): Promise<void> {
    while (this.runs.size) await Promise.all([...this.runs.values()].map((r) => r.done));
  }

  /** Shutdown: ends every running reply as failed (refunded) and waits for the writes. */
  async stopAll(): Promise<void> {
    for (const run of this.runs.values()) run.controller.abort('shutdown' satisfies StopReason);
    await this.idle();
  }

  private async execute(run: Run): Promise<void> {
    const { deps } = this;
    const { db, events } = deps;
    const { job, controller } = run;
    const signal = controller.signal;
    const started = Date.now();
    const timeout = setTimeout(() => controller.abort('timeout' satisfies StopReason), REPLY_TIMEOUT_MS);

    let writing: Promise<void> | null = null;
    let written = 0;
    let lastWrite = Date.now();
    const flush = () => {
      if (writing || signal.aborted) return;
      if (run.content.length === written && Date.now() - lastWrite < HEARTBEAT_MS) return;
      const content = run.content;
      writing = db
        .updateTable('chat_messages')
        .set({ content })
        .where('id', '=', job.messageId)
        .where('status', '=', 'STREAMING')
        .executeTakeFirst()
        .then((r) => {
          written = content.length;
          lastWrite = Date.now();
          // Stopped elsewhere (another process, or a reaper) or deleted: stop writing.
          if (r.numUpdatedRows === 0n) controller.abort('lost' satisfies StopReason);
        })
        .catch((e: unknown) => deps.log.warn({ err: String(e), messageId: job.messageId }, 'chat reply flush failed'))
        .finally(() => {
          writing = null;
        });
    };
    const ticker = setInterval(flush, FLUSH_MS);

    let usage: ChatUsage | undefined;
    let failure: unknown = null;
    try {
      const moved = await db
        .updateTable('chat_messages')
        .set({ status: 'STREAMING' })
        .where('id', '=', job.messageId)
        .where('status', '=', 'PENDING')
        .executeTakeFirst();
      if (moved.numUpdatedRows === 0n) {
        controller.abort('lost' satisfies StopReason);
      } else {
        run.status = 'STREAMING';
        void events.publish('chatReply', job.messageId, { type: 'snapshot', status: 'STREAMING', text: '' });
        const iterator = job.adapter.streamReply({ modelId: job.modelId, messages: job.messages, signal })[Symbol.asyncIterator]();
        for (;;) {
          const step = await nextOrAbort(iterator, signal);
          if (step === ABORTED) {
            void Promise.resolve(iterator.return?.(undefined)).catch(() => {});
            break;
          }
          if (step.done) {
            usage = step.value || undefined;
            break;
          }
          if (typeof step.value !== 'string' || step.value === '') continue;
          const offset = run.content.length;
          run.content += step.value;
          // Published in order on one connection; a subscriber that missed some asks for a `sync`.
          void events.publish('chatReply', job.messageId, { type: 'delta', offset, text: step.value });
        }
      }
    } catch (e) {
      failure = e;
    } finally {
      clearInterval(ticker);
      clearTimeout(timeout);
      await writing;
    }

    const tokens = {
      tokensIn: usage?.tokensIn ?? job.messages.reduce((n, m) => n + estimateTokens(m.content), 0),
      tokensOut: usage?.tokensOut ?? estimateTokens(run.content),
      latencyMs: Date.now() - started,
    };
    const metered = job.meteredPer1k !== undefined ? { meteredPer1k: job.meteredPer1k } : {};
    // An abort wins over the error it may cause inside the model (an AbortError is not a model failure).
    const reason = signal.aborted ? (signal.reason as StopReason) : null;
    let end: ReplyEnd | null = null;
    if (reason === 'stop') {
      // Stopped by the user: the partial text and its charge stay, unless nothing was written yet.
      end = { status: 'STOPPED', content: run.content, ...tokens, refund: run.content === '', ...metered };
    } else if (reason === 'timeout') {
      end = {
        status: 'FAILED',
        content: run.content,
        ...tokens,
        error: 'The model took too long to answer; your credits were refunded',
        refund: true,
      };
    } else if (reason === 'shutdown') {
      end = {
        status: 'FAILED',
        content: run.content,
        ...tokens,
        error: 'The server restarted while answering; your credits were refunded',
        refund: true,
      };
    } else if (reason === 'lost') {
      end = null; // someone else ended (or deleted) the row: nothing to write
    } else if (failure !== null) {
      const message = failure instanceof Error ? failure.message : String(failure);
      deps.log.warn({ err: message, messageId: job.messageId, modelId: job.modelId }, 'chat model failed');
      end = {
        status: 'FAILED',
        content: run.content,
        ...tokens,
        tokensOut: estimateTokens(run.content),
        error: `The model failed to answer: ${message.slice(0, 300)}. Your credits were refunded`,
        refund: true,
      };
    } else {
      end = { status: 'COMPLETED', content: run.content, ...tokens, refund: false, ...metered };
    }

    const ended = end ? await endReply(db, job.messageId, end) : null;
    if (ended) run.status = ended.row.status;
    // Ended here or elsewhere (or deleted): listeners read the row for what is stored now.
    await events.publish('chatReply', job.messageId, { type: 'end' });
  }
}
