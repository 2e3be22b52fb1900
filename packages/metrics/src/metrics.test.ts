import { describe, expect, it } from 'vitest';
import { scrapeAllowed } from './scrape';
import { countCredits, registry, watchSubscribers } from './series';
import { parseExposition, promqlUses, sampleValue } from './testing';

describe('scrapeAllowed', () => {
  const token = 'a-long-metrics-token-0123';

  it('lets anyone scrape when no token is configured', () => {
    expect(scrapeAllowed(undefined, undefined)).toBe(true);
    expect(scrapeAllowed('Bearer whatever', undefined)).toBe(true);
  });

  it('with a token, accepts exactly "Bearer <token>" (scheme in any case) and nothing else', () => {
    expect(scrapeAllowed(`Bearer ${token}`, token)).toBe(true);
    expect(scrapeAllowed(`bearer ${token}`, token)).toBe(true);
    expect(scrapeAllowed([`Bearer ${token}`], token)).toBe(true);
    for (const header of [
      undefined,
      '',
      'Bearer',
      'Bearer ',
      token,
      `Basic ${token}`,
      `Bearer ${token}x`,
      `Bearer ${token.slice(0, -1)}`,
      `Bearer ${token} extra`,
      `Bearer ${token.toUpperCase()}`,
    ]) {
      expect(scrapeAllowed(header, token), String(header)).toBe(false);
    }
  });
});

describe('series', () => {
  it('counts credits in credits (not units) with a bounded reference label', async () => {
    const spent = async (reference: string) =>
      sampleValue(parseExposition(await registry.getSingleMetricAsString('atelier_credits_spent_total')), 'atelier_credits_spent_total', {
        reference,
      }) ?? 0;
    const before = await spent('generation');
    countCredits('spend', -250, 'generation');
    countCredits('spend', -100, 'Robert"); DROP');
    countCredits('refund', 250, null);
    expect((await spent('generation')) - before).toBe(2.5);
    expect(await spent('other')).toBeGreaterThanOrEqual(1);
    const refunded = parseExposition(await registry.getSingleMetricAsString('atelier_credits_refunded_total'));
    expect(sampleValue(refunded, 'atelier_credits_refunded_total', { reference: 'other' })).toBeGreaterThanOrEqual(2.5);
  });

  it('sums the SSE subscriptions of every source of the process, by kind, while they are watched', async () => {
    const read = async () => parseExposition(await registry.getSingleMetricAsString('atelier_sse_subscribers'));
    const a = watchSubscribers(() => ({ generation: 2, export: 0 }));
    const b = watchSubscribers(() => ({ generation: 1, chatReply: 4 }));
    let samples = await read();
    expect(sampleValue(samples, 'atelier_sse_subscribers', { kind: 'generation' })).toBe(3);
    expect(sampleValue(samples, 'atelier_sse_subscribers', { kind: 'export' })).toBe(0);
    expect(sampleValue(samples, 'atelier_sse_subscribers', { kind: 'chatReply' })).toBe(4);
    a();
    b();
    samples = await read();
    expect(sampleValue(samples, 'atelier_sse_subscribers', { kind: 'generation' })).toBeUndefined();
  });
});

describe('parseExposition', () => {
  it('reads names, escaped label values and special numbers, skipping comments', () => {
    const samples = parseExposition(
      [
        '# HELP x_total A counter',
        '# TYPE x_total counter',
        'x_total{a="1",b="say \\"hi\\"\\nthere"} 3',
        'y_bucket{le="+Inf"} 7',
        'z NaN',
        'w -Inf 1700000000000',
        '',
      ].join('\n'),
    );
    expect(samples).toEqual([
      { name: 'x_total', labels: { a: '1', b: 'say "hi"\nthere' }, value: 3 },
      { name: 'y_bucket', labels: { le: '+Inf' }, value: 7 },
      { name: 'z', labels: {}, value: Number.NaN },
      { name: 'w', labels: {}, value: -Infinity },
    ]);
    expect(() => parseExposition('not a sample line at all')).toThrow(/Not a Prometheus sample/);
  });
});

describe('promqlUses', () => {
  it('finds the metric selectors and their label matchers, not functions, keywords, numbers or variables', () => {
    expect(
      promqlUses(
        'histogram_quantile(0.95, sum by (queue, le) (rate(atelier_job_duration_seconds_bucket{queue=~"$queue", outcome!="x}"}[$__rate_interval])))',
      ),
    ).toEqual({ metrics: [{ name: 'atelier_job_duration_seconds_bucket', labels: ['queue', 'outcome'] }], grouping: ['queue', 'le'] });
    expect(
      promqlUses(
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a Grafana variable inside PromQL, not a template
        'sum(rate(a_total[5m] offset 1h30m)) by (kind) / clamp_min(sum without (instance) (increase(b_count{x="1"}[${__range}])), 1e-9) > bool 0 and d ignoring (kind) c',
      ),
    ).toEqual({
      metrics: [
        { name: 'a_total', labels: [] },
        { name: 'b_count', labels: ['x'] },
        { name: 'd', labels: [] },
        { name: 'c', labels: [] },
      ],
      grouping: ['kind', 'instance', 'kind'],
    });
    expect(promqlUses('{__name__="up", job="api"}')).toEqual({ metrics: [{ name: 'up', labels: ['job'] }], grouping: [] });
    expect(() => promqlUses('{job="api"}')).toThrow(/without a metric name/);
  });
});
