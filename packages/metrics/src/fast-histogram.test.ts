import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { FastHistogram } from './fast-histogram';

const config = {
  name: 'test_http_request_duration_seconds',
  help: 'HTTP requests by route, method and status, in seconds',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
};

describe('FastHistogram', () => {
  it('exposes exactly what prom-client’s Histogram does for the same observations', async () => {
    const ours = new Registry();
    const theirs = new Registry();
    const fast = new FastHistogram({ ...config, registers: [ours] });
    const reference = new Histogram({ ...config, registers: [theirs] });
    const observations: [Record<'route' | 'method' | 'status', string | number>, number][] = [
      [{ route: '/api/projects', method: 'GET', status: 200 }, 0.0031],
      [{ route: '/api/projects', method: 'GET', status: 200 }, 0.012],
      [{ route: '/api/projects', method: 'GET', status: 200 }, 0.005], // on a bound: counted in it
      [{ route: '/api/projects', method: 'POST', status: 400 }, 0.2],
      [{ route: '/trpc/generation.history', method: 'GET', status: 200 }, 12], // above every bound: +Inf only
      [{ route: 'a "quoted" \\ route\nwith a newline', method: 'GET', status: 404 }, 0],
    ];
    for (const [labels, value] of observations) {
      fast.observe(labels, value);
      reference.observe(labels, value);
    }
    expect(await ours.metrics()).toBe(await theirs.metrics());
    // The JSON form too (prom-client adds an empty exemplar slot to each value; there are none).
    const withoutExemplars = (metrics: Awaited<ReturnType<Registry['getMetricsAsJSON']>>) =>
      metrics.map((m) => ({ ...m, values: m.values.map((v) => ({ ...v, exemplar: undefined })) }));
    expect(withoutExemplars(await ours.getMetricsAsJSON())).toEqual(withoutExemplars(await theirs.getMetricsAsJSON()));

    fast.reset();
    reference.reset();
    expect(await ours.metrics()).toBe(await theirs.metrics());
  });

  it('refuses a value that is not a number and a missing label, counting nothing', async () => {
    const registry = new Registry();
    const fast = new FastHistogram({ ...config, registers: [registry] });
    expect(() => fast.observe({ route: '/x', method: 'GET', status: 200 }, Number.NaN)).toThrow(/not a valid number/);
    expect(() => fast.observe({ route: '/x', method: 'GET' } as never, 0.1)).toThrow(/the label status has no value/);
    expect((await fast.get()).values).toEqual([]);
  });
});
