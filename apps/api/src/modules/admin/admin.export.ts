import { PassThrough } from 'node:stream';
import type { Db } from '@atelier/db';
import { type AppError, MESSAGES, unitsToCredits } from '@atelier/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppDeps } from '../../context';
import { bullBoardPlugin } from '../../plugins/bull-board';
import { authenticateRequest, INVALID_TOKEN } from '../auth/auth.session';
import { resolvePeriod } from './admin.period';
import { ZExportQuery } from './admin.schema';

/**
 * GET /api/analytics/admin/usage/export?from&to&type — the generations of a period as a streamed
 * CSV download (admins only). Rows come from a Postgres cursor in batches of 1000 inside one
 * read-only transaction, and each batch waits for the client to drain the previous one, so memory
 * stays flat however many rows there are. A plain Fastify route: the REST mirror can't stream.
 */
export const USAGE_EXPORT_PATH = '/api/analytics/admin/usage/export';
const BATCH = 1000;

export const CSV_COLUMNS = [
  'generation_id',
  'created_at',
  'started_at',
  'completed_at',
  'user_id',
  'user_email',
  'type',
  'model_id',
  'provider',
  'status',
  'credits_charged',
  'credits_refunded',
  'credits_net',
  'provider_cost_usd',
  'latency_ms',
  'admin_test',
  'prompt',
] as const;

/** A text cell that a spreadsheet would read as a formula (=, +, -, @, tab, CR) is prefixed with a quote. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let s = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

interface ExportRow {
  id: string;
  created_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
  user_id: string;
  email: string;
  type: string;
  model_id: string;
  provider: string;
  status: string;
  credit_units_charged: number;
  credit_units_refunded: number;
  provider_cost_usd: number;
  latency_ms: number | null;
  is_admin_test: boolean;
  prompt: string;
}

const line = (r: ExportRow) =>
  `${[
    csvCell(r.id),
    csvCell(r.created_at),
    csvCell(r.started_at),
    csvCell(r.completed_at),
    csvCell(r.user_id),
    csvCell(r.email),
    csvCell(r.type),
    csvCell(r.model_id),
    csvCell(r.provider),
    csvCell(r.status),
    unitsToCredits(Number(r.credit_units_charged)),
    unitsToCredits(Number(r.credit_units_refunded)),
    unitsToCredits(Number(r.credit_units_charged) - Number(r.credit_units_refunded)),
    Number(r.provider_cost_usd),
    r.latency_ms ?? '',
    r.is_admin_test ? 'true' : 'false',
    csvCell(r.prompt.length > 200 ? `${r.prompt.slice(0, 200)}…` : r.prompt),
  ].join(',')}\r\n`;

/** Resolves when the stream can take more, or when it closed (client gone). */
function drained(stream: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/** Streams the CSV of a period into `out`, batch by batch from a cursor; stops early if `out` closes. */
export async function streamUsageCsv(db: Db, out: PassThrough, filter: { from: Date; to: Date; type?: string | undefined }): Promise<number> {
  let count = 0;
  out.write(`${CSV_COLUMNS.join(',')}\r\n`);
  await db
    .transaction()
    .setAccessMode('read only')
    .execute(async (trx) => {
      await sql`
        DECLARE usage_export NO SCROLL CURSOR FOR
        SELECT g.id, g.created_at, g.started_at, g.completed_at, g.user_id, u.email, g.type, g.model_id, g.provider, g.status,
               g.credit_units_charged, g.credit_units_refunded, g.provider_cost_usd, g.latency_ms, g.is_admin_test, g.prompt
        FROM generations g JOIN users u ON u.id = g.user_id
        WHERE g.created_at >= ${filter.from} AND g.created_at < ${filter.to} AND NOT u.is_demo
          ${filter.type ? sql`AND g.type = ${filter.type}` : sql``}
        ORDER BY g.created_at, g.id`.execute(trx);
      for (;;) {
        if (out.destroyed) break;
        const { rows } = await sql<ExportRow>`FETCH ${sql.raw(String(BATCH))} FROM usage_export`.execute(trx);
        if (rows.length === 0) break;
        count += rows.length;
        if (!out.write(rows.map(line).join(''))) await drained(out);
      }
      await sql`CLOSE usage_export`.execute(trx);
    });
  return count;
}

export async function registerUsageExport(app: FastifyInstance, deps: AppDeps) {
  app.get(USAGE_EXPORT_PATH, async (req, reply) => {
    const auth = await authenticateRequest(deps, req.headers.authorization);
    if (auth === INVALID_TOKEN)
      return reply.status(401).send({ error: { code: 'UNAUTHENTICATED', message: 'Your session has expired. Please sign in again.' } });
    if (!auth) return reply.status(401).send({ error: { code: 'UNAUTHENTICATED', message: MESSAGES.loginRequired } });
    if (!auth.isAdmin) return reply.status(403).send({ error: { code: 'FORBIDDEN', message: MESSAGES.adminRequired } });

    const parsed = ZExportQuery.safeParse(req.query ?? {});
    if (!parsed.success) {
      const fields = parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.') || '(query)', message: i.message }));
      return reply.status(400).send({ error: { code: 'VALIDATION', message: `Invalid input: ${fields.map((f) => f.path).join(', ')}`, fields } });
    }
    let period: ReturnType<typeof resolvePeriod>;
    try {
      period = resolvePeriod(parsed.data);
    } catch (e) {
      const err = e as AppError;
      return reply.status(400).send({ error: { code: 'VALIDATION', message: err.message, fields: err.fields ?? [] } });
    }
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const lastDay = new Date(period.to.getTime() - 1);
    const filename = `atelier-usage-${day(period.from)}-to-${day(lastDay)}${parsed.data.type ? `-${parsed.data.type}` : ''}.csv`;

    const out = new PassThrough({ highWaterMark: 64 * 1024 });
    req.raw.on('close', () => {
      if (!reply.raw.writableFinished) out.destroy();
    });
    void streamUsageCsv(deps.db, out, { from: period.from, to: period.to, type: parsed.data.type })
      .then((rows) => {
        deps.log.info({ userId: auth.id, rows, from: period.from, to: period.to, type: parsed.data.type ?? null }, 'usage exported');
        out.end();
      })
      .catch((e: unknown) => {
        deps.log.error({ err: String(e) }, 'usage export failed');
        out.destroy(e instanceof Error ? e : new Error(String(e)));
      });
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(out);
  });
}

/** The export route and the queue dashboard: the admin console's plain HTTP routes. */
export async function adminHttpPlugin(app: FastifyInstance, opts: { deps: AppDeps }) {
  await registerUsageExport(app, opts.deps);
  await app.register(bullBoardPlugin, { deps: opts.deps });
}
