import { type RunningWorkers, startAllWorkers } from '@atelier/worker';
import { type Logger, pino } from 'pino';

export type { RunningWorkers };

/**
 * The real workers (every queue's processor and the maintenance schedule) inside the test's
 * process, for the api's integration tests: pass the test app's env, database and storage (and
 * engines to stand in for the local ones). Quiet unless given a logger. Stop them with `close()`.
 */
export function startTestWorkers(options: Omit<Parameters<typeof startAllWorkers>[0], 'log'> & { log?: Logger }): Promise<RunningWorkers> {
  return startAllWorkers({ ...options, log: options.log ?? pino({ level: 'silent' }) });
}
