import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { S3Storage } from '../s3';

export interface S3TestServer {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The environment that points the api/worker at this server (STORAGE_DRIVER=s3 and S3_*). */
  env: Record<string, string>;
  /** A driver on this server's bucket. */
  storage(options?: { partSizeBytes?: number }): S3Storage;
  /** The bytes the server holds for a key, read from its own disk (not through the S3 API). */
  storedBytes(key: string): Promise<Buffer | null>;
  stop(): Promise<void>;
}

const CHILD = fileURLToPath(new URL('./s3-server.child.mjs', import.meta.url));
const START_TIMEOUT_MS = 20_000;

/**
 * Starts a real S3 API server (npm s3rver, data in a temp folder) on a free loopback port, in a
 * child process started with --openssl-legacy-provider (see the child file). s3rver checks the
 * access key id (S3RVER), not SigV4 signatures. Used by the storage contract tests and by any
 * test that runs the app with STORAGE_DRIVER=s3.
 */
export async function startS3Server(options: { bucket?: string } = {}): Promise<S3TestServer> {
  const bucket = options.bucket ?? 'atelier-test';
  const directory = await mkdtemp(path.join(tmpdir(), 'atelier-s3rver-'));
  const child = spawn(process.execPath, ['--openssl-legacy-provider', CHILD], {
    env: { ...process.env, S3RVER_DIRECTORY: directory, S3RVER_BUCKETS: bucket },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let port: number;
  try {
    port = await waitForPort(child);
  } catch (e) {
    child.kill('SIGKILL');
    await rm(directory, { recursive: true, force: true });
    throw e;
  }
  const endpoint = `http://127.0.0.1:${port}`;
  const creds = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const drivers: S3Storage[] = [];
  return {
    endpoint,
    bucket,
    region: 'us-east-1',
    ...creds,
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: creds.accessKeyId,
      S3_SECRET_ACCESS_KEY: creds.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    storage(opts = {}) {
      const s = new S3Storage({ endpoint, region: 'us-east-1', bucket, forcePathStyle: true, ...creds, ...opts });
      drivers.push(s);
      return s;
    },
    async storedBytes(key) {
      const parts = key.split('/');
      const last = parts.pop() ?? '';
      return readFile(path.join(directory, bucket, ...parts, `${last}._S3rver_object`)).catch(() => null);
    },
    async stop() {
      for (const d of drivers) d.destroy();
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      });
      await rm(directory, { recursive: true, force: true });
    },
  };
}

function waitForPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`s3rver did not start within ${START_TIMEOUT_MS} ms: ${err}`)), START_TIMEOUT_MS);
    child.stderr?.on('data', (c: Buffer) => {
      err = (err + c.toString()).slice(-2000);
    });
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const line = out.split('\n')[0];
      if (!out.includes('\n') || !line) return;
      clearTimeout(timer);
      try {
        resolve((JSON.parse(line) as { port: number }).port);
      } catch {
        reject(new Error(`s3rver printed something unexpected: ${line}`));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited with code ${code}: ${err}`));
    });
  });
}
