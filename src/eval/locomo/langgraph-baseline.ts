// The LoCoMo protocol run through LangGraph.js's PostgresStore (the store LangGraph apps use for long-term
// memory) on the same PostgreSQL server, data and embedder as Engram, for a side-by-side: each conversation one
// namespace, each turn one item (the same text Engram stores), each question one `store.search`.
import { PostgresStore } from '@langchain/langgraph-checkpoint-postgres/store';
import pg from 'pg';
import type { LatencySummary } from '../../bench/stats.ts';
import { turnContent } from '../../ingest/turns.ts';
import type { Embedder } from '../../ports/embedder.ts';
import { RANKING_DEPTH } from '../recaller.ts';
import { askEveryQuestion } from './ask.ts';
import { type Question, type Sample, turnText } from './dataset.ts';
import { scratchDatabase } from './environment.ts';
import { type InterleavedLatency, type TimedAsk, timeInterleaved } from './interleaved.ts';
import type { MetricsReport } from './metrics.ts';
import { type Progress, silentProgress } from './progress.ts';

export interface BaselineResult {
  rankings: Record<string, string[]>;
  metrics: MetricsReport;
  ingestMs: number;
  searchMs: LatencySummary;
  /** With `pairWith`: each question asked of both back to back (`first` the other system, `second` the store). */
  interleaved: InterleavedLatency | null;
}

/**
 * Stores and searches LoCoMo with PostgresStore in a scratch database on `serverUrl` (dropped after).
 * `embedder` must be the one Engram used; the store calls it for documents and queries alike.
 */
export async function runLangGraphBaseline(
  samples: readonly Sample[],
  options: {
    serverUrl: string;
    embedder: Embedder;
    progress?: Progress;
    /**
     * The other system's ask (Engram's recall): after the store's own pass, every question is asked of both back
     * to back, alternating which goes first, for latencies that a shared machine's drift cannot tilt.
     */
    pairWith?: TimedAsk | undefined;
  },
): Promise<BaselineResult> {
  const progress = options.progress ?? silentProgress;
  const scratch = await scratchDatabase(options.serverUrl);
  const store = PostgresStore.fromConnString(scratch.url, {
    index: {
      dims: options.embedder.dimensions,
      embed: (texts: string[]) => options.embedder.embedDocuments(texts),
      fields: ['text'],
    },
  });
  try {
    await store.setup();
    const totalTurns = samples.reduce((n, s) => n + s.sessions.reduce((m, x) => m + x.turns.length, 0), 0);
    let stored = 0;
    const ingestStarted = performance.now();
    for (const sample of samples) {
      for (const session of sample.sessions) {
        // One batch per session, as Engram's ingest takes a session per call.
        await store.batch(
          session.turns.map((turn) => ({
            namespace: [sample.sampleId],
            key: turn.diaId,
            // The very content Engram stores for the turn.
            value: {
              text: turnContent({ speaker: turn.speaker, text: turnText(turn) }),
              session: session.index,
            },
            index: ['text'],
          })),
        );
        stored += session.turns.length;
        progress.update('langgraph ingest', stored, totalTurns);
      }
    }
    progress.finish();
    const ingestMs = performance.now() - ingestStarted;
    // The same upkeep Engram's database gets before its questions (planner statistics, no dead rows).
    const maintenance = new pg.Client({ connectionString: scratch.url });
    await maintenance.connect();
    try {
      await maintenance.query('vacuum analyze');
    } finally {
      await maintenance.end();
    }

    const search = async (sample: Sample, question: Question) => {
      const hits = await store.search([sample.sampleId], { query: question.question, limit: RANKING_DEPTH });
      return hits.map((hit) => hit.key);
    };
    const asked = await askEveryQuestion(samples, { label: 'langgraph search', progress, ask: search });
    const interleaved = options.pairWith
      ? await timeInterleaved(samples, options.pairWith, search, progress)
      : null;
    return {
      rankings: asked.rankings,
      metrics: asked.metrics,
      ingestMs,
      searchMs: asked.latency,
      interleaved,
    };
  } finally {
    await store.stop();
    await scratch.drop();
  }
}
