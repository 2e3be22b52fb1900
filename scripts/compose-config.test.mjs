// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are Compose interpolation syntax, not templates
import { existsSync, readFileSync } from 'node:fs';
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

describe('the observability profile', () => {
  const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
  const observability = (env = {}) => {
    const { config, errors } = composeConfig({ env, profiles: ['observability'] });
    expect(errors).toEqual([]);
    return config.services;
  };
  /** The host file a service's bind mount `./x:/y` puts at `target` (a file, or a folder it is inside). */
  const hostPath = (svc, target) => {
    for (const v of svc.volumes) {
      const [source, dest] = v.split(':');
      if (source.startsWith('./') && (target === dest || target.startsWith(`${dest}/`))) return path.join(ROOT, source, target.slice(dest.length));
    }
    throw new Error(`nothing is mounted at ${target}`);
  };

  it('is off by default: no Prometheus, no Grafana', () => {
    expect(Object.keys(defaultServices())).not.toContain('prometheus');
    expect(Object.keys(defaultServices())).not.toContain('grafana');
  });

  it('adds Prometheus scraping every api replica on PORT and every worker on its METRICS_PORT, at /metrics, with the token', () => {
    const services = observability();
    const prom = services.prometheus;
    expect(prom.image).toMatch(/^prom\/prometheus:v\d+\.\d+\.\d+$/);
    expect(prom.ports).toEqual(['127.0.0.1:9090:9090']);
    const configFile = hostPath(prom, '/etc/prometheus/prometheus.yml');
    expect(prom.command.join(' ')).toContain('--config.file=/etc/prometheus/prometheus.yml');
    const scrape = parse(readFileSync(configFile, 'utf8')).scrape_configs;
    const job = (name) => scrape.find((j) => j.job_name === name);
    const targets = (j) => j.dns_sd_configs.flatMap((d) => d.names.map((n) => `${n}:${d.port}`));
    expect(targets(job('atelier-api'))).toEqual([`api:${services.api.environment.PORT}`]);
    expect(targets(job('atelier-worker'))).toEqual([`worker:${services.worker.environment.METRICS_PORT}`]);
    // The token file the start command writes is the one both jobs send, on the data volume.
    const tokenFile = /> (\S+) &&/.exec(prom.command.join(' '))?.[1];
    expect(tokenFile).toBe('/prometheus/metrics-token');
    expect(prom.volumes).toContain('prometheusdata:/prometheus');
    for (const j of scrape) {
      expect(j.metrics_path, j.job_name).toBe('/metrics');
      expect(j.authorization, j.job_name).toEqual({ type: 'Bearer', credentials_file: tokenFile });
    }
    expect(prom.depends_on.api).toEqual({ condition: 'service_healthy' });
  });

  it('gives api, worker and Prometheus the same METRICS_TOKEN', () => {
    const token = 'metrics-token-0123456789abcdef';
    const services = observability({ METRICS_TOKEN: token });
    expect([services.api, services.worker, services.prometheus].map((s) => s.environment.METRICS_TOKEN)).toEqual([token, token, token]);
    expect(observability().prometheus.environment.METRICS_TOKEN).toBe('');
  });

  it('adds Grafana with the Prometheus datasource and the "Atelier queues" dashboard provisioned from deploy/grafana', () => {
    const services = observability();
    const grafana = services.grafana;
    expect(grafana.image).toMatch(/^grafana\/grafana:\d+\.\d+\.\d+$/);
    expect(grafana.ports).toEqual(['127.0.0.1:3001:3000']);
    expect(grafana.depends_on.prometheus).toEqual({ condition: 'service_healthy' });
    const datasources = parse(readFileSync(hostPath(grafana, '/etc/grafana/provisioning/datasources/prometheus.yml'), 'utf8')).datasources;
    expect(datasources).toHaveLength(1);
    const promPort = services.prometheus.ports[0].split(':').at(-1);
    expect(datasources[0]).toMatchObject({ type: 'prometheus', url: `http://prometheus:${promPort}`, isDefault: true });
    const provider = parse(readFileSync(hostPath(grafana, '/etc/grafana/provisioning/dashboards/atelier.yml'), 'utf8')).providers[0];
    const dashboardFile = hostPath(grafana, `${provider.options.path}/atelier-queues.json`);
    expect(existsSync(dashboardFile)).toBe(true);
    expect(grafana.environment.GF_DASHBOARDS_DEFAULT_HOME_DASHBOARD_PATH).toBe(`${provider.options.path}/atelier-queues.json`);
    const dashboard = JSON.parse(readFileSync(dashboardFile, 'utf8'));
    expect(dashboard.title).toBe('Atelier queues');
    // Every panel and query reads the provisioned datasource.
    const uids = new Set(
      [...dashboard.panels.filter((p) => p.type !== 'row'), ...dashboard.panels.flatMap((p) => p.targets ?? []), ...dashboard.templating.list].map(
        (x) => x.datasource?.uid,
      ),
    );
    expect([...uids]).toEqual([datasources[0].uid]);
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
