// The backfill job (`engram backfill`, the Worker cron): embeds memories stored without a vector (embedder down
// or slow at write time) for the active model, in batches, across tenants.
import { AppError } from '../core/errors.ts';
import type { Embedder, EmbedFailure } from '../ports/embedder.ts';
import type { MemoryStore } from '../ports/store.ts';
import { embedTasks } from './embed-batch.ts';
import {
  createRunBudget,
  type JobProgress,
  type RunLimits,
  rowsPerSecond,
  type StopReason,
} from './job-budget.ts';

export interface BackfillOptions extends RunLimits {
  /** Memories per batch (one embedding call, one transaction). Default 100. */
  batchSize?: number | undefined;
  /** Failed attempts after which a memory is marked failed (still found lexically). Default 5. */
  maxAttempts?: number | undefined;
  /** Awaited after every batch: the CLI prints it, tests inspect the database between batches. */
  onProgress?: ((progress: JobProgress) => void | Promise<void>) | undefined;
}

export interface BackfillResult {
  model: string;
  /** Memories that got their vector in this run. */
  embedded: number;
  /** Memories whose batch failed to embed in this run (one attempt counted on each). */
  attempted: number;
  /** Of those, how many reached the attempt limit and are now failed. */
  markedFailed: number;
  batches: number;
  stoppedBy: StopReason;
  /** Why the last failed batch failed, when one did. */
  failure: EmbedFailure | null;
  elapsedMs: number;
  rowsPerSecond: number;
}

/**
 * Embeds pending memories until none are left or the run's budget is spent. Each batch is claimed with
 * SKIP LOCKED and embedded and stored in one transaction, so two runs at once never embed a row twice and an
 * interrupted run loses nothing. A batch that fails to embed counts one attempt on each of its memories and ends
 * the run: the provider is likely down, and the next run (not the next second) is the fair retry.
 */
export async function runBackfill(
  store: MemoryStore,
  embedder: Embedder,
  options: BackfillOptions = {},
): Promise<BackfillResult> {
  const batchSize = options.batchSize ?? 100;
  const maxAttempts = options.maxAttempts ?? 5;
  const active = await store.withOperator((op) => op.activeModel());
  // Pending means "no vector for the model that serves reads": only that model's embedder may fill it.
  if (!active || active.model !== embedder.model || active.dims !== embedder.dimensions) {
    throw new AppError(
      'invalid_request',
      `backfill embeds for the active model (${active?.model ?? 'none'}), not ${embedder.model}; use reembed to fill another model`,
    );
  }

  const budget = createRunBudget(options);
  const result: BackfillResult = {
    model: embedder.model,
    embedded: 0,
    attempted: 0,
    markedFailed: 0,
    batches: 0,
    stoppedBy: 'done',
    failure: null,
    elapsedMs: 0,
    rowsPerSecond: 0,
  };

  for (;;) {
    const exhausted = budget.exhausted();
    if (exhausted) {
      result.stoppedBy = exhausted;
      break;
    }
    const batch = await store.withOperator(async (op) => {
      const tasks = await op.claimPendingEmbeddings(batchSize);
      if (tasks.length === 0) return null;
      const outcome = await embedTasks(embedder, tasks, budget.remainingMs());
      if (!outcome.ok) {
        const nowFailed = await op.markEmbeddingsFailed(
          tasks.map((t) => t.id),
          maxAttempts,
        );
        return { rows: 0, attempted: tasks.length, nowFailed, failure: outcome.category };
      }
      const stored = await op.storeEmbeddings(embedder.model, outcome.vectors);
      return { rows: stored, attempted: 0, nowFailed: 0, failure: null };
    });
    if (!batch) break;
    budget.spend();
    result.embedded += batch.rows;
    result.attempted += batch.attempted;
    result.markedFailed += batch.nowFailed;
    await options.onProgress?.({
      job: 'backfill',
      phase: 'embed',
      model: embedder.model,
      batch: budget.batches,
      rows: batch.rows,
      done: result.embedded,
      failed: result.attempted,
      elapsedMs: budget.elapsedMs(),
      rowsPerSecond: rowsPerSecond(result.embedded, budget.elapsedMs()),
    });
    if (batch.failure) {
      result.failure = batch.failure;
      result.stoppedBy = 'embedding_failed';
      break;
    }
  }

  result.batches = budget.batches;
  result.elapsedMs = budget.elapsedMs();
  result.rowsPerSecond = rowsPerSecond(result.embedded, result.elapsedMs);
  return result;
}
