// Service events to Prometheus metrics: recall latency and reasons, gate rejections, feedback and the unused
// rate, sweep and erase hooks, the backlog gauge.
import { describe, expect, it } from 'vitest';
import { createLogMetricsSink } from '../../src/metrics/log-sink.ts';
import { createPrometheusSink, isPrometheusSink, METRIC_NAMES } from '../../src/metrics/prometheus-sink.ts';
import { samples } from '../support/prometheus-samples.ts';

describe('Prometheus sink', () => {
  it('recall events: latency histogram by mode, degraded and dropped by reason, returned items', () => {
    const sink = createPrometheusSink();
    sink.record({
      type: 'recall',
      durationMs: 40,
      mode: 'hybrid',
      degradedReason: null,
      dropped: { conflict: 1, over_budget: 2, duplicate: 0 },
      returned: 3,
    });
    sink.record({
      type: 'recall',
      durationMs: 1600,
      mode: 'lexical',
      degradedReason: 'embedding_timeout',
      dropped: { over_budget: 1 },
      returned: 2,
    });
    const s = samples(sink.render());
    expect(s.get(`${METRIC_NAMES.recallDuration}_count{mode="hybrid"}`)).toBe(1);
    expect(s.get(`${METRIC_NAMES.recallDuration}_bucket{mode="hybrid",le="0.05"}`)).toBe(1);
    expect(s.get(`${METRIC_NAMES.recallDuration}_bucket{mode="lexical",le="1"}`)).toBe(0);
    expect(s.get(`${METRIC_NAMES.recallDegraded}{reason="embedding_timeout"}`)).toBe(1);
    expect(s.get(`${METRIC_NAMES.recallDropped}{reason="over_budget"}`)).toBe(3);
    expect(s.get(`${METRIC_NAMES.recallDropped}{reason="conflict"}`)).toBe(1);
    expect(s.has(`${METRIC_NAMES.recallDropped}{reason="duplicate"}`)).toBe(false);
    expect(s.get(METRIC_NAMES.recallReturned)).toBe(5);
  });

  it('gate rejections count each reason once per write', () => {
    const sink = createPrometheusSink();
    sink.record({
      type: 'gate_rejection',
      reasons: ['secret.private_key', 'secret.private_key', 'injection'],
    });
    const s = samples(sink.render());
    expect(s.get(`${METRIC_NAMES.gateRejections}{reason="secret.private_key"}`)).toBe(1);
    expect(s.get(`${METRIC_NAMES.gateRejections}{reason="injection"}`)).toBe(1);
  });

  it('feedback: returned counted once per recall, the unused ratio over recalls with feedback', () => {
    const sink = createPrometheusSink();
    expect(samples(sink.render()).has(METRIC_NAMES.unusedRatio)).toBe(false);
    sink.record({ type: 'feedback', returned: 4, used: 1, first: true });
    sink.record({ type: 'feedback', returned: 4, used: 1, first: false });
    sink.record({ type: 'feedback', returned: 2, used: 0, first: true });
    const s = samples(sink.render());
    expect(s.get(METRIC_NAMES.feedbackReturned)).toBe(6);
    expect(s.get(METRIC_NAMES.feedbackUsed)).toBe(2);
    expect(s.get(METRIC_NAMES.unusedRatio)).toBeCloseTo(4 / 6);
    expect(s.get(`${METRIC_NAMES.feedback}{first="true"}`)).toBe(2);
  });

  it('sweep and erase hooks; the backlog gauge comes from the scrape', () => {
    const sink = createPrometheusSink();
    sink.record({ type: 'sweep', durationMs: 700, removed: { expired: 3, purged: 2 } });
    sink.record({
      type: 'erase',
      scope: 'subject',
      durationMs: 120,
      removed: { memories: 5, embeddings: 4 },
    });
    const s = samples(sink.render({ embeddingBacklog: 17 }));
    expect(s.get(METRIC_NAMES.sweepRuns)).toBe(1);
    expect(s.get(`${METRIC_NAMES.sweepRows}{action="expired"}`)).toBe(3);
    expect(s.get(`${METRIC_NAMES.sweepDuration}_bucket{le="1"}`)).toBe(1);
    expect(s.get(`${METRIC_NAMES.eraseRuns}{scope="subject"}`)).toBe(1);
    expect(s.get(`${METRIC_NAMES.eraseRows}{scope="subject",kind="memories"}`)).toBe(5);
    expect(s.get(METRIC_NAMES.embeddingBacklog)).toBe(17);
  });

  it('the log sink writes one structured line per event; only the Prometheus sink renders', () => {
    const lines: [string, Record<string, unknown>][] = [];
    const sink = createLogMetricsSink({ info: (e, f) => lines.push([e, f ?? {}]), warn() {}, error() {} });
    sink.record({
      type: 'recall',
      durationMs: 12.345,
      mode: 'hybrid',
      degradedReason: null,
      dropped: { conflict: 2 },
      returned: 1,
    });
    sink.record({ type: 'gate_rejection', reasons: ['a', 'a', 'b'] });
    expect(lines).toEqual([
      [
        'metric.recall',
        { duration_ms: 12.3, mode: 'hybrid', degraded_reason: null, returned: 1, dropped_conflict: 2 },
      ],
      ['metric.gate_rejection', { reasons: 'a,b' }],
    ]);
    expect(isPrometheusSink(sink)).toBe(false);
    expect(isPrometheusSink(createPrometheusSink())).toBe(true);
  });
});
