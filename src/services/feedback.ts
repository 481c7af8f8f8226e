// Recall feedback: which of a recall's returned memories the app used. Stored with the recall event (ids
// only); metrics derive the retrieved-but-unused rate from it. A recall id the caller cannot see is a 404.
import { subjectFilter } from '../access/index.ts';
import { AppError } from '../core/errors.ts';
import type { Principal } from '../core/principal.ts';
import { type MetricsSink, noopMetrics } from '../ports/metrics.ts';
import type { MemoryStore } from '../ports/store.ts';

export interface FeedbackResult {
  recall_id: string;
  /** How many of the recall's returned items are now marked used. */
  used: number;
  /** Ids in the report that the recall never returned: ignored. */
  ignored: number;
}

export function createFeedbackService(deps: {
  store: MemoryStore;
  metrics?: MetricsSink;
  /** Writes recall events still batched in this process (the recall service's bookkeeping) before the lookup. */
  settleRecalls?: () => Promise<void>;
}) {
  const metrics = deps.metrics ?? noopMetrics;
  return {
    async feedback(principal: Principal, recallId: string, used: readonly string[]): Promise<FeedbackResult> {
      // Feedback may come within the bookkeeping window of its recall (a client that reports at once).
      await deps.settleRecalls?.();
      const unique = [...new Set(used.map((id) => id.toLowerCase()))];
      // An end user (JWT) may only report on recalls of its own subject; the database filters by it.
      const outcome = await deps.store.withTenant(principal, (tx) =>
        tx.recordFeedback(recallId, unique, subjectFilter(principal, undefined)),
      );
      if (!outcome) throw new AppError('not_found', 'recall not found');
      const added = outcome.usedAfter - outcome.usedBefore;
      metrics.record({
        type: 'feedback',
        returned: outcome.returned,
        used: added,
        first: outcome.firstFeedback,
      });
      return { recall_id: recallId, used: outcome.usedAfter, ignored: outcome.ignored };
    },
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
