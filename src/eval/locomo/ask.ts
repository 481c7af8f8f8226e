// The question loop of the LoCoMo protocol, shared by Engram's run and the PostgresStore baseline: ask each
// question, time it, map the answer to dialog ids, score it against the gold, report progress.
import { type LatencySummary, summarize as summarizeLatency } from '../../bench/stats.ts';
import type { Question, Sample } from './dataset.ts';
import { type MetricsReport, type ScoredQuestion, scoreRanking, summarize } from './metrics.ts';
import { type Progress, silentProgress } from './progress.ts';

/** The key of one question in rankings.json. */
export function rankingKey(sampleId: string, qaIndex: number): string {
  return `${sampleId}|${qaIndex}`;
}

export interface AskedQuestions {
  /** `"<sample_id>|<qa_index>"` -> dialog ids, best first (every question, scored or not). */
  rankings: Record<string, string[]>;
  metrics: MetricsReport;
  questions: number;
  scored: number;
  /** Questions left out of the metrics because no gold id is usable. */
  skippedNoGold: number;
  /** Time spent asking (upkeep excluded). */
  askMs: number;
  /** Each question's wall time. */
  latency: LatencySummary;
}

export async function askEveryQuestion(
  samples: readonly Sample[],
  options: {
    label: string;
    /** The dialog ids of the answer, best first. */
    ask: (sample: Sample, question: Question) => Promise<string[]>;
    progress?: Progress | undefined;
    /** Runs after every `every` questions, outside the timings (database upkeep). */
    between?: { every: number; run: () => Promise<void> } | undefined;
  },
): Promise<AskedQuestions> {
  const progress = options.progress ?? silentProgress;
  const rankings: Record<string, string[]> = {};
  const scored: ScoredQuestion[] = [];
  const durations: number[] = [];
  const total = samples.reduce((n, s) => n + s.questions.length, 0);
  let asked = 0;
  let skippedNoGold = 0;
  for (const sample of samples) {
    for (const question of sample.questions) {
      const started = performance.now();
      const ranking = await options.ask(sample, question);
      durations.push(performance.now() - started);
      rankings[rankingKey(sample.sampleId, question.index)] = ranking;
      if (question.gold.length === 0) skippedNoGold++;
      else scored.push({ category: question.category, scores: scoreRanking(ranking, question.gold) });
      progress.update(options.label, ++asked, total);
      if (options.between && asked % options.between.every === 0) await options.between.run();
    }
  }
  progress.finish();
  return {
    rankings,
    metrics: summarize(scored),
    questions: asked,
    scored: scored.length,
    skippedNoGold,
    askMs: durations.reduce((sum, ms) => sum + ms, 0),
    latency: summarizeLatency(durations),
  };
}
