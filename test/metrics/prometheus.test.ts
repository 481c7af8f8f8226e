// The Prometheus registry and its text format: cumulative histograms, label hygiene, bounded cardinality.
import { describe, expect, it } from 'vitest';
import { createRegistry } from '../../src/metrics/prometheus.ts';
import { samples } from '../support/prometheus-samples.ts';

describe('registry', () => {
  it('counters add per label set and render HELP, TYPE and samples', () => {
    const r = createRegistry();
    const inc = r.counter('t_requests_total', 'Requests.');
    inc({ reason: 'a' });
    inc({ reason: 'a' }, 2);
    inc({ reason: 'b' });
    inc({ reason: 'b' }, -5);
    const text = r.render();
    expect(text).toContain('# HELP t_requests_total Requests.\n# TYPE t_requests_total counter\n');
    expect(samples(text)).toEqual(
      new Map([
        ['t_requests_total{reason="a"}', 3],
        ['t_requests_total{reason="b"}', 1],
      ]),
    );
    expect(r.value('t_requests_total', { reason: 'a' })).toBe(3);
  });

  it('histograms are cumulative with +Inf, sum and count', () => {
    const r = createRegistry();
    const observe = r.histogram('t_seconds', 'Latency.', [0.1, 1]);
    for (const v of [0.05, 0.5, 0.5, 3]) observe(v, { mode: 'hybrid' });
    observe(Number.NaN, { mode: 'hybrid' });
    const s = samples(r.render());
    expect(s.get('t_seconds_bucket{mode="hybrid",le="0.1"}')).toBe(1);
    expect(s.get('t_seconds_bucket{mode="hybrid",le="1"}')).toBe(3);
    expect(s.get('t_seconds_bucket{mode="hybrid",le="+Inf"}')).toBe(4);
    expect(s.get('t_seconds_sum{mode="hybrid"}')).toBeCloseTo(4.05);
    expect(s.get('t_seconds_count{mode="hybrid"}')).toBe(4);
  });

  it('label values that are not short machine words become "other" (no content can reach a label)', () => {
    const r = createRegistry();
    const inc = r.counter('t_total', 'T.');
    inc({ reason: 'secret.private_key' });
    inc({ reason: 'my password is "hunter2"\n' });
    inc({ reason: 'x'.repeat(65) });
    const text = r.render();
    expect(text).toContain('t_total{reason="secret.private_key"} 1');
    expect(text).toContain('t_total{reason="other"} 2');
    expect(text).not.toContain('hunter2');
  });

  it('series per family are capped; later label sets fold into "other"', () => {
    const r = createRegistry();
    const inc = r.counter('t_total', 'T.');
    for (let i = 0; i < 250; i++) inc({ reason: `r${i}` });
    const s = samples(r.render());
    expect(s.size).toBe(201);
    expect(s.get('t_total{reason="other"}')).toBe(50);
  });

  it('gauges keep the last value; bad names and duplicates fail at registration', () => {
    const r = createRegistry();
    const set = r.gauge('t_backlog', 'Backlog.');
    set(5);
    set(3);
    expect(samples(r.render()).get('t_backlog')).toBe(3);
    expect(() => r.counter('t_backlog', 'again')).toThrow(/twice/);
    expect(() => r.counter('bad-name', 'x')).toThrow(/invalid metric name/);
    expect(() => r.counter('ok_total', 'x')({ 'bad-label': 'v' })).toThrow(/invalid label name/);
  });
});
