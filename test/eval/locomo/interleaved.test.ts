// timeInterleaved asks each question of both systems back to back, alternating which goes first, and reports each
// system's latencies and the median of the per-question ratios. A fake clock that each ask advances makes the
// figures exact.
import { describe, expect, it } from 'vitest';
import type { Question, Sample } from '../../../src/eval/locomo/dataset.ts';
import { timeInterleaved } from '../../../src/eval/locomo/interleaved.ts';

const question = (index: number): Question => ({ index, question: `q${index}`, category: 1, gold: [] });
const samples: Sample[] = [
  { sampleId: 'a', sessions: [], questions: [question(0), question(1), question(2)] },
  { sampleId: 'b', sessions: [], questions: [question(0), question(1)] },
];

describe('timeInterleaved', () => {
  it('alternates which system goes first and times each call', async () => {
    let now = 0;
    const calls: string[] = [];
    // The first system takes 30 ms a question, the second 10, except that the machine slows down (x3) for the
    // last two questions: per-question ratios stay 3, and so does their median.
    const slowdown = (sample: Sample, q: Question) => (sample.sampleId === 'b' ? 3 : 1) * (q.index + 1);
    const first = async (sample: Sample, q: Question) => {
      calls.push(`first ${sample.sampleId}/${q.index}`);
      now += 30 * slowdown(sample, q);
    };
    const second = async (sample: Sample, q: Question) => {
      calls.push(`second ${sample.sampleId}/${q.index}`);
      now += 10 * slowdown(sample, q);
    };

    const timed = await timeInterleaved(samples, first, second, undefined, () => now);

    expect(calls).toEqual([
      'first a/0',
      'second a/0',
      'second a/1',
      'first a/1',
      'first a/2',
      'second a/2',
      'second b/0',
      'first b/0',
      'first b/1',
      'second b/1',
    ]);
    expect(timed.first.n).toBe(5);
    expect(timed.second.n).toBe(5);
    // first: 30, 60, 90, 90, 180 ms; second: 10, 20, 30, 30, 60 ms.
    expect(timed.first.p50).toBe(90);
    expect(timed.second.p50).toBe(30);
    expect(timed.first.p95).toBe(180);
    expect(timed.medianRatio).toBe(3);
  });

  it('reports the median of the pairs, which is not the ratio of the medians', async () => {
    let now = 0;
    // Per question: 10/5, 20/40, 30/10, 40/80, 50/10 -> ratios 2, 0.5, 3, 0.5, 5, median 2; the p50s are 30 and
    // 10 (ratio 3).
    const firstMs = [10, 20, 30, 40, 50];
    const secondMs = [5, 40, 10, 80, 10];
    let f = 0;
    let s = 0;
    const timed = await timeInterleaved(
      samples,
      async () => {
        now += firstMs[f++]!;
      },
      async () => {
        now += secondMs[s++]!;
      },
      undefined,
      () => now,
    );
    expect(timed.medianRatio).toBe(2);
    expect(timed.first.p50).toBe(30);
    expect(timed.second.p50).toBe(10);
  });
});
