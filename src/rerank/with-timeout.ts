// Wraps a Reranker in a hard time budget, one error vocabulary and a log line per call (counts and timing only).
import { DeadlineExceeded, withinDeadline } from '../core/deadline.ts';
import { type Logger, silentLogger } from '../core/logger.ts';
import { RerankError, type Reranker, type RerankOptions } from '../ports/reranker.ts';

export const DEFAULT_RERANK_TIMEOUT_MS = 800;

/**
 * A Reranker that settles within `timeoutMs` whatever the wrapped one does (a provider that ignores its signal
 * cannot hold recall hostage). Every failure becomes a `RerankError`: `rerank_timeout` past the deadline or on the
 * caller's abort, `rerank_error` otherwise, `rerank_invalid` when the answer does not fit the request.
 */
export function rerankWithTimeout(
  reranker: Reranker,
  { timeoutMs, logger = silentLogger }: { timeoutMs: number; logger?: Logger | undefined },
): Reranker {
  return {
    provider: reranker.provider,
    model: reranker.model,
    async rerank(query: string, documents: readonly string[], options?: RerankOptions) {
      const started = performance.now();
      const log = (outcome: string) => {
        const fields = {
          provider: reranker.provider,
          model: reranker.model,
          count: documents.length,
          outcome,
          duration_ms: Math.round(performance.now() - started),
        };
        if (outcome === 'ok') logger.info('rerank', fields);
        else logger.warn('rerank', fields);
      };
      try {
        const scores = await withinDeadline(timeoutMs, options?.signal, (signal) =>
          reranker.rerank(query, documents, { signal }),
        );
        if (
          scores.length !== documents.length ||
          !scores.every((s) => Number.isFinite(s) && s >= 0 && s <= 1)
        )
          throw new RerankError('rerank_invalid', 'rerank: one score in [0, 1] per document expected');
        log('ok');
        return scores;
      } catch (error) {
        const failure =
          error instanceof DeadlineExceeded
            ? new RerankError('rerank_timeout', `no rerank within ${timeoutMs} ms`, { cause: error.cause })
            : error instanceof RerankError
              ? error
              : new RerankError('rerank_error', 'rerank call failed', { cause: error });
        log(failure.category);
        throw failure;
      }
    },
  };
}
