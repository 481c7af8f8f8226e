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
  /**
   * How long a recall id that is not found yet gets before the answer is 404. Settling covers this process only;
   * the recall may have been answered by another one (another Node process behind a balancer, another Worker
   * isolate) whose bookkeeping lands a few milliseconds after its answer. Default 250; a real 404 pays it once.
   */
  lateEventGraceMs?: number;
}) {
  const metrics = deps.metrics ?? noopMetrics;
  const graceMs = deps.lateEventGraceMs ?? 250;
  return {
    async feedback(principal: Principal, recallId: string, used: readonly string[]): Promise<FeedbackResult> {
      const unique = [...new Set(used.map((id) => id.toLowerCase()))];
      // An end user (JWT) may only report on recalls of its own subject; the database filters by it.
      const record = async () => {
        // Feedback may come within the bookkeeping window of its recall (a client that reports at once).
        await deps.settleRecalls?.();
        return deps.store.withTenant(principal, (tx) =>
          tx.recordFeedback(recallId, unique, subjectFilter(principal, undefined)),
        );
      };
      let outcome = await record();
      if (!outcome && graceMs > 0) {
        await new Promise((resolve) => setTimeout(resolve, graceMs));
        outcome = await record();
      }
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
