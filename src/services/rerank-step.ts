// Recall's optional reranking stage: the best fused candidates, read together with the query by a reranker,
// within its own time budget. It never fails a recall: on timeout or error the fusion order stands and the
// answer says so in `degraded`, as for embeddings.
import type { Logger } from '../core/logger.ts';
import { embeddingTextOf } from '../ports/embedder.ts';
import type { Reranker } from '../ports/reranker.ts';
import type { RecallRow } from '../ports/store.ts';

export interface RerankOutcome {
  /** Relevance per memory id, or null when no reranker ran or it failed. */
  relevance: Map<string, number> | null;
  /** `rerank_timeout`, `rerank_error` or `rerank_invalid` when it failed; null otherwise. */
  failure: string | null;
  ms: number;
}

/** Reranks the `count` rows with the best fusion score (the SQL's rrf; ties keep the SQL's order). */
export async function rerankRows(
  reranker: Reranker | null,
  query: string,
  rows: readonly RecallRow[],
  count: number,
  logger: Logger,
): Promise<RerankOutcome> {
  if (!reranker || rows.length === 0) return { relevance: null, failure: null, ms: 0 };
  const started = performance.now();
  const seen = new Set<string>();
  const top = rows
    .map((row, order) => ({ row, order }))
    .sort((a, b) => b.row.rrf - a.row.rrf || a.order - b.order)
    .filter(({ row }) => !seen.has(row.id) && seen.add(row.id))
    .slice(0, count)
    .map(({ row }) => row);
  try {
    const scores = await reranker.rerank(query, top.map(embeddingTextOf));
    return {
      relevance: new Map(top.map((m, i) => [m.id, scores[i]!])),
      failure: null,
      ms: performance.now() - started,
    };
  } catch (error) {
    const failure = (error as { category?: string }).category ?? 'rerank_error';
    logger.warn('recall.rerank_degraded', { reason: failure });
    return { relevance: null, failure, ms: performance.now() - started };
  }
}
