import { sql } from 'kysely';
import { z } from 'zod';
import { publicProcedure, router } from '../../trpc';

const ZHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['ok', 'down']),
  redis: z.enum(['ok', 'down']),
  version: z.string(),
  uptimeSeconds: z.number(),
});

async function check(fn: () => Promise<unknown>, ms = 2000): Promise<'ok' | 'down'> {
  try {
    await Promise.race([fn(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref())]);
    return 'ok';
  } catch {
    return 'down';
  }
}

export const systemRouter = router({
  health: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/health', tags: ['System'], summary: 'Database and Redis health' } })
    .input(z.void())
    .output(ZHealth)
    .query(async ({ ctx }) => {
      const [db, redis] = await Promise.all([check(() => sql`select 1`.execute(ctx.db)), check(() => ctx.redis.ping())]);
      if (db === 'down' || redis === 'down') ctx.res.status(503);
      return { status: db === 'ok' && redis === 'ok' ? 'ok' : 'degraded', db, redis, version: '0.1.0', uptimeSeconds: Math.round(process.uptime()) };
    }),
});
