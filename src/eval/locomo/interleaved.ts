// Latency of two systems on the same questions, measured side by side: each question is asked of both back to back,
// alternating which goes first, so that a shared machine's drift (another process, the CPU's clock) lands on both
// alike. Run one after the other, each system's whole question set met a different minute of the machine: on
// 2026-12-03 two such runs a few minutes apart gave Engram / PostgresStore 1.49x and 1.93x at LoCoMo size.
import { type LatencySummary, percentile, summarize } from '../../bench/stats.ts';
import type { Question, Sample } from './dataset.ts';
import { type Progress, silentProgress } from './progress.ts';

export type TimedAsk = (sample: Sample, question: Question) => Promise<unknown>;

export interface InterleavedLatency {
  /** Each question's wall time, per system. */
  first: LatencySummary;
  second: LatencySummary;
  /** The median (nearest rank) over questions of first / second: the paired ratio, robust to drift between questions. */
  medianRatio: number;
}

/** Asks every question of `first` and `second` back to back, `first` first on even questions, `second` on odd. */
export async function timeInterleaved(
  samples: readonly Sample[],
  first: TimedAsk,
  second: TimedAsk,
  progress: Progress = silentProgress,
  /** Milliseconds; tests pass their own. */
  clock: () => number = () => performance.now(),
): Promise<InterleavedLatency> {
  const timed = async (ask: TimedAsk, sample: Sample, question: Question) => {
    const started = clock();
    await ask(sample, question);
    return clock() - started;
  };
  const firstMs: number[] = [];
  const secondMs: number[] = [];
  const total = samples.reduce((n, s) => n + s.questions.length, 0);
  for (const sample of samples) {
    for (const question of sample.questions) {
      if (firstMs.length % 2 === 0) {
        firstMs.push(await timed(first, sample, question));
        secondMs.push(await timed(second, sample, question));
      } else {
        secondMs.push(await timed(second, sample, question));
        firstMs.push(await timed(first, sample, question));
      }
      progress.update('interleaved timing', firstMs.length, total);
    }
  }
  progress.finish();
  const ratios = firstMs.map((ms, i) => ms / Math.max(secondMs[i]!, 1e-6)).sort((a, b) => a - b);
  return {
    first: summarize(firstMs),
    second: summarize(secondMs),
    medianRatio: ratios.length > 0 ? Math.round(percentile(ratios, 50) * 100) / 100 : 0,
  };
}
