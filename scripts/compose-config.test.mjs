// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are Compose interpolation syntax, not templates
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { composeConfig, interpolate } from './compose-config.mjs';

/** The services `docker compose config` shows with no profile and no variables set. */
const defaultServices = () => composeConfig({ env: {}, profiles: [] }).config.services;

describe('docker-compose.yml', () => {
  it('is valid with no profile, as `docker compose config` checks it', () => {
    const { errors } = composeConfig({ env: {} });
    expect(errors).toEqual([]);
  });

  it('is valid with every profile it names (and with the observability profile)', () => {
    const raw = parse(readFileSync(new URL('../docker-compose.yml', import.meta.url), 'utf8'), { merge: true });
    const profiles = [...new Set(Object.values(raw.services).flatMap((s) => s.profiles ?? [])), 'observability'];
    for (const p of profiles) expect(composeConfig({ env: {}, profiles: [p] }).errors, p).toEqual([]);
    expect(composeConfig({ env: {}, profiles }).errors).toEqual([]);
  });

  it('runs api and worker on MinIO (STORAGE_DRIVER=s3), with the bucket made by a one-shot mc container first', () => {
    const services = defaultServices();
    expect(services.minio.image).toMatch(/^minio\/minio:/);
    expect(services.minio.healthcheck.test).toEqual(['CMD', 'mc', 'ready', 'local']);
    expect(services['minio-init'].image).toMatch(/^minio\/mc:/);
    expect(services['minio-init'].restart).toBe('no');
    expect(services['minio-init'].command.join(' ')).toMatch(/mc mb --ignore-existing "atelier\/\$S3_BUCKET"/);
    expect(services['minio-init'].environment.S3_BUCKET).toBe('atelier');
    for (const name of ['api', 'worker']) {
      const svc = services[name];
      expect(svc.environment).toMatchObject({
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: 'http://minio:9000',
        S3_BUCKET: 'atelier',
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: services.minio.environment.MINIO_ROOT_USER,
        S3_SECRET_ACCESS_KEY: services.minio.environment.MINIO_ROOT_PASSWORD,
      });
      expect(svc.depends_on['minio-init']).toEqual({ condition: 'service_completed_successfully' });
    }
  });

  it('takes the bucket and credentials from the environment', () => {
    const { config, errors } = composeConfig({ env: { S3_BUCKET: 'media', MINIO_ROOT_USER: 'root', MINIO_ROOT_PASSWORD: 'long-secret' } });
    expect(errors).toEqual([]);
    expect(config.services.api.environment).toMatchObject({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'root', S3_SECRET_ACCESS_KEY: 'long-secret' });
    expect(config.services['minio-init'].environment.S3_BUCKET).toBe('media');
  });
});

describe('the compose validator', () => {
  let dir;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'atelier-compose-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const check = async (yaml, profiles = [], env = {}) => {
    const file = path.join(dir, `c${Math.random().toString(36).slice(2)}.yml`);
    await writeFile(file, yaml);
    return composeConfig({ file, profiles, env }).errors;
  };

  it('interpolates like Compose', () => {
    const errors = [];
    const env = { SET: 'x', EMPTY: '' };
    expect(interpolate('${SET}-$SET-$$SET', env, errors)).toBe('x-x-$SET');
    expect(interpolate('${MISSING:-a${SET:-b}c}', env, errors)).toBe('axc');
    expect(interpolate('${EMPTY:-d}|${EMPTY-d}|${MISSING-d}', env, errors)).toBe('d||d');
    expect(interpolate('${SET:+on}|${EMPTY:+on}|${EMPTY+on}', env, errors)).toBe('on||on');
    expect(errors).toEqual([]);
    interpolate('${NEEDED:?set NEEDED}', env, errors, 'services.api.environment.X');
    expect(errors).toEqual(['services.api.environment.X: required variable NEEDED is missing a value: set NEEDED']);
  });

  it('refuses what docker compose config refuses', async () => {
    expect(await check('services:\n  a:\n    image: x\n    depends_on: [b]\n')).toEqual(['service "a" depends on undefined service "b"']);
    expect(
      await check(
        'services:\n  a:\n    image: x\n    depends_on:\n      b:\n        condition: service_started\n  b:\n    image: y\n    profiles: [extra]\n',
      ),
    ).toEqual(['service "a" depends on service "b", which its profiles switch off']);
    expect(
      await check(
        'services:\n  a:\n    image: x\n    depends_on:\n      b:\n        condition: service_started\n  b:\n    image: y\n    profiles: [extra]\n',
        ['extra'],
      ),
    ).toEqual([]);
    expect(await check('services:\n  a:\n    image: x\n    volumes: [data:/d]\n')).toEqual([
      'service "a" uses volume "data", which is not declared under volumes:',
    ]);
    expect(await check('services:\n  a:\n    image: x\n    depends_on:\n      b:\n        condition: service_healthy\n  b:\n    image: y\n')).toEqual(
      ['service "a" waits for "b" to be healthy, but "b" has no healthcheck'],
    );
    expect((await check('services:\n  a:\n    image: x\n    restart: sometimes\n    bogus: 1\n')).join('\n')).toMatch(/schema: .*bogus/);
    expect(await check('services:\n  a:\n    image: ${TAG:?TAG is required}\n')).toContain(
      'services.a.image: required variable TAG is missing a value: TAG is required',
    );
    expect(await check('services:\n  a:\n    build: ./nowhere\n')).toEqual([
      `service "a": build context ${path.join(dir, 'nowhere')} not found`,
      `service "a": Dockerfile Dockerfile not found`,
    ]);
  });
});
