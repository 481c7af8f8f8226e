// Runs the LoCoMo retrieval protocol through the real services: each conversation one subject, each dialog turn
// one memory (ingested session by session), each question one recall; rankings mapped back to dialog ids.
import type { LatencySummary } from '../../bench/stats.ts';
import type { RecallMode } from '../../contract/index.ts';
import { silentLogger } from '../../core/logger.ts';
import type { Embedder } from '../../ports/embedder.ts';
import type { WriteGate } from '../../ports/gate.ts';
import type { MemoryStore } from '../../ports/store.ts';
import { createIngestService, type IngestServiceDeps } from '../../services/ingest.ts';
import type { RecallServiceDeps } from '../../services/recall.ts';
import { createEvalRecall, evalPrincipal, FULL_RANKING } from '../recaller.ts';
import { askEveryQuestion } from './ask.ts';
import { type Question, type Sample, turnText } from './dataset.ts';
import type { MetricsReport } from './metrics.ts';
import { type Progress, silentProgress } from './progress.ts';

export interface LocomoRunDeps {
  store: MemoryStore;
  gate: WriteGate;
  /** null runs lexical only. */
  embedder: Embedder | null;
  /** An empty tenant for this run. */
  tenantId: string;
  progress?: Progress;
  /** Experiments only: override the product's recall defaults (weights, candidates per item). */
  recall?: Pick<RecallServiceDeps, 'weights' | 'candidatesPerItem'>;
  /** Experiments only: override the product's ingestion defaults (context turns). */
  ingest?: Pick<IngestServiceDeps, 'contextTurns'>;
  /**
   * Database upkeep after ingestion and between batches of questions, outside the timings (the environment's
   * VACUUM ANALYZE). Without autovacuum (off on some servers, absent in PGlite) a freshly loaded database has no
   * planner statistics (measured: hybrid recall p50 217 ms instead of tens), and each recall's bookkeeping of the 50
   * memories it returns leaves dead row versions that slow the next ones.
   */
  upkeep?: () => Promise<void>;
}

/** Questions between two upkeeps. */
const UPKEEP_EVERY = 100;

export interface LocomoRunOptions {
  mode: RecallMode;
}

export interface LocomoRunResult {
  /** `"<sample_id>|<qa_index>"` -> dialog ids, best first (every question, scored or not). */
  rankings: Record<string, string[]>;
  metrics: MetricsReport;
  counts: {
    samples: number;
    turns: number;
    created: number;
    duplicate: number;
    rejected: number;
    questions: number;
    scored: number;
    /** Questions left out of the metrics because no gold id is usable. */
    skippedNoGold: number;
    /** Recalls that fell back to lexical (the embedder failed or timed out). */
    degradedRecalls: number;
  };
  /** recallMs: each recall's wall time (embed, search, ranking), as percentiles. */
  timing: { ingestMs: number; queryMs: number; meanRecallMs: number; recallMs: LatencySummary };
}

/** What ingestion stored: which dialog ids each memory stands for, and the gate's decisions. */
export interface IngestedCorpus {
  diaIdsOf: Map<string, string[]>;
  counts: { turns: number; created: number; duplicate: number; rejected: number };
  ingestMs: number;
}

function principalOf(tenantId: string) {
  return evalPrincipal(tenantId, 'eval:locomo');
}

/** Stores every turn of every sample, session by session, through the ingest service. */
export async function ingestLocomo(samples: readonly Sample[], deps: LocomoRunDeps): Promise<IngestedCorpus> {
  const progress = deps.progress ?? silentProgress;
  const principal = principalOf(deps.tenantId);
  const ingest = createIngestService({
    store: deps.store,
    gate: deps.gate,
    embedder: deps.embedder,
    logger: silentLogger,
    ...deps.ingest,
  });
  const counts = { turns: 0, created: 0, duplicate: 0, rejected: 0 };
  const diaIdsOf = new Map<string, string[]>();
  const totalTurns = samples.reduce((n, s) => n + s.sessions.reduce((m, x) => m + x.turns.length, 0), 0);
  const started = performance.now();
  for (const sample of samples) {
    for (const session of sample.sessions) {
      if (session.turns.length === 0) continue;
      const { items } = await ingest.ingest(principal, {
        subject: sample.sampleId,
        session: `session_${session.index}`,
        messages: session.turns.map((turn) => ({
          speaker: turn.speaker,
          text: turnText(turn),
          id: turn.diaId,
          ...(session.at ? { at: session.at } : {}),
        })),
      });
      for (const [i, item] of items.entries()) {
        counts[item.status]++;
        // A duplicate (the same words said twice) is one memory standing for both turns.
        if (item.id) diaIdsOf.set(item.id, [...(diaIdsOf.get(item.id) ?? []), session.turns[i]!.diaId]);
      }
      counts.turns += session.turns.length;
      progress.update('ingest', counts.turns, totalTurns);
    }
  }
  progress.finish();
  return { diaIdsOf, counts, ingestMs: performance.now() - started };
}

export interface QueryOutcome {
  rankings: Record<string, string[]>;
  metrics: MetricsReport;
  counts: { questions: number; scored: number; skippedNoGold: number; degradedRecalls: number };
  /** Time spent in recalls (upkeep excluded). */
  queryMs: number;
  recallMs: LatencySummary;
}

/**
 * Engram's recall of one LoCoMo question as the protocol asks it (one subject per conversation, the full ranking),
 * and the wait for the recalls' batched bookkeeping.
 */
export function locomoRecaller(deps: LocomoRunDeps, mode: RecallMode) {
  const principal = principalOf(deps.tenantId);
  const recall = createEvalRecall({ store: deps.store, embedder: deps.embedder, ...deps.recall });
  return {
    ask: (sample: Sample, question: Question) =>
      recall.recall(principal, { subject: sample.sampleId, query: question.question, mode, ...FULL_RANKING }),
    settle: recall.settle,
  };
}

/** Asks every question as one recall and scores the rankings (questions without usable gold are skipped). */
export async function queryLocomo(
  samples: readonly Sample[],
  corpus: Pick<IngestedCorpus, 'diaIdsOf'>,
  options: LocomoRunOptions,
  deps: LocomoRunDeps,
): Promise<QueryOutcome> {
  const recall = locomoRecaller(deps, options.mode);
  const upkeep = deps.upkeep;
  let degradedRecalls = 0;
  const asked = await askEveryQuestion(samples, {
    label: `recall (${options.mode})`,
    progress: deps.progress,
    ask: async (sample, question) => {
      const answer = await recall.ask(sample, question);
      if (answer.degraded) degradedRecalls++;
      return answer.items.flatMap((item) => corpus.diaIdsOf.get(item.id) ?? []);
    },
    between: upkeep && {
      every: UPKEEP_EVERY,
      run: async () => {
        await recall.settle();
        await upkeep();
      },
    },
  });
  await recall.settle();
  return {
    rankings: asked.rankings,
    metrics: asked.metrics,
    counts: {
      questions: asked.questions,
      scored: asked.scored,
      skippedNoGold: asked.skippedNoGold,
      degradedRecalls,
    },
    queryMs: asked.askMs,
    recallMs: asked.latency,
  };
}

/** The outcome of one mode over an already ingested corpus. */
function resultOf(corpus: IngestedCorpus, outcome: QueryOutcome, samples: number): LocomoRunResult {
  return {
    rankings: outcome.rankings,
    metrics: outcome.metrics,
    counts: { samples, ...corpus.counts, ...outcome.counts },
    timing: {
      ingestMs: corpus.ingestMs,
      queryMs: outcome.queryMs,
      meanRecallMs: outcome.counts.questions > 0 ? outcome.queryMs / outcome.counts.questions : 0,
      recallMs: outcome.recallMs,
    },
  };
}

/** Ingests once, then asks every question in each mode (lanes compared on the very same stored memories). */
export async function runLocomoModes(
  samples: readonly Sample[],
  modes: readonly RecallMode[],
  deps: LocomoRunDeps,
): Promise<Map<RecallMode, LocomoRunResult>> {
  const corpus = await ingestLocomo(samples, deps);
  await deps.upkeep?.();
  const results = new Map<RecallMode, LocomoRunResult>();
  for (const mode of modes) {
    const outcome = await queryLocomo(samples, corpus, { mode }, deps);
    results.set(mode, resultOf(corpus, outcome, samples.length));
  }
  return results;
}
