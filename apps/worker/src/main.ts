import { createDb } from '@atelier/db';
import { type MetricsServer, serveMetrics } from '@atelier/metrics';
import { envOrExit, exitOnSignals } from '@atelier/shared/process';
import { pino } from 'pino';
import { startAllWorkers } from './setup';

/**
 * The worker role (`npm run start:worker`, the docker worker service): every queue's processor and
 * the maintenance schedule, and with METRICS_PORT its Prometheus metrics at GET /metrics on that port.
 */
async function main() {
  const env = envOrExit();
  const log = pino({ level: env.logLevel, base: { app: 'worker' } });
  const { db } = createDb({ connectionString: env.db.url, max: env.db.poolMax });
  const running = await startAllWorkers({ env, db, log });
  let metrics: MetricsServer | null = null;
  if (env.metrics.port) {
    try {
      metrics = await serveMetrics({ host: env.http.host, port: env.metrics.port, token: env.metrics.token });
    } catch (e) {
      log.fatal({ port: env.metrics.port, err: String(e) }, 'METRICS_PORT could not be opened (is another process using it?)');
      await running.close();
      await db.destroy();
      process.exit(1);
    }
    log.info({ url: `http://${env.http.host}:${metrics.port}/metrics`, token: Boolean(env.metrics.token) }, 'metrics served');
  }
  log.info('worker started');
  exitOnSignals(
    log,
    async () => {
      await metrics?.close();
      await running.close();
      await db.destroy();
    },
    40_000,
  );
}

void main();
