import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(HERE, '../../..');
const WORKER_CHILD = path.join(HERE, 'worker-child.ts');
/** The worker role exactly as `npm run start:worker` runs it (from source). */
const WORKER_MAIN = path.join(REPO_ROOT, 'apps/worker/src/main.ts');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface WorkerChild {
  child: ChildProcess;
  output: string[];
  /** Resolves with the exit code (or signal) when the process ends. */
  exited: Promise<number | string | null>;
  kill(signal: NodeJS.Signals): Promise<number | string | null>;
}

/**
 * Runs the real worker (startAllWorkers, see worker-child.ts) as a child process — a worker
 * process as production runs it — against the test's database and queues (`env`: DATABASE_URL,
 * REDIS_URL, QUEUE_PREFIX, MEDIA_DIR, FAULT_*). Resolves once its workers run.
 * `{ role: true }` runs apps/worker/src/main.ts itself instead (its engines and providers from
 * `env`, METRICS_PORT honoured; no FAULT_* knobs): ready once it logs "worker started".
 */
export async function spawnWorker(env: Record<string, string>, options: { role?: boolean } = {}): Promise<WorkerChild> {
  const child = spawn(process.execPath, ['--import', 'tsx', options.role ? WORKER_MAIN : WORKER_CHILD], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: options.role ? 'info' : 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const readyText = options.role ? '"msg":"worker started"' : 'ready';
  const output: string[] = [];
  let ready: () => void;
  const isReady = new Promise<void>((r) => {
    ready = r;
  });
  let stdout = '';
  child.stdout?.on('data', (d: Buffer) => {
    const text = d.toString();
    output.push(text);
    // A log line may arrive in two chunks: look at the tail of what came so far.
    stdout = (stdout + text).slice(-4096);
    if (stdout.includes(readyText)) ready();
  });
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  const exited = new Promise<number | string | null>((r) => child.once('exit', (code, signal) => r(code ?? signal)));
  const failed = exited.then((code) => {
    throw new Error(`worker child exited (${code}) before it was ready:\n${output.join('')}`);
  });
  await Promise.race([isReady, failed, sleep(90_000).then(() => Promise.reject(new Error('worker child never became ready')))]);
  failed.catch(() => {});
  return {
    child,
    output,
    exited,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
