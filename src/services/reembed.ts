// The model-change job (`engram reembed --model ID`, the hourly cron): fills the vectors of a new model beside
// the active one while reads stay on the active one, switches reads in one transaction when every live memory
// is covered, then drops the old model's vectors in batches. Every step is resumable: a run does what its
// budget allows and the next run carries on.
import { AppError, isAppError } from '../core/errors.ts';
import type { Embedder, EmbedFailure } from '../ports/embedder.ts';
import type { EmbeddingCoverage, EmbeddingModelStatus, MemoryStore, ModelSwitch } from '../ports/store.ts';
import { embedTasks } from './embed-batch.ts';
import {
  createRunBudget,
  type JobProgress,
  type RunBudget,
  type RunLimits,
  rowsPerSecond,
  type StopReason,
} from './job-budget.ts';

/** SQLSTATE lock_not_available: activate_embedding_model's lock_timeout expired. */
const LOCK_NOT_AVAILABLE = '55P03';

/**
 * auto: switch reads as soon as coverage is complete (the default);
 * never: only fill (e.g. to calibrate the new model before it serves reads);
 * force: switch at the end of this run even if some memories still lack the new vector: those become pending
 * for the backfill and are found lexically meanwhile. An explicit operator decision.
 */
export type CutoverMode = 'auto' | 'never' | 'force';

export interface ReembedOptions extends RunLimits {
  /** Memories per fill batch (one embedding call, one transaction), and vectors per drop batch. Default 100. */
  batchSize?: number | undefined;
  cutover?: CutoverMode | undefined;
  /** Awaited after every batch and after the switch. */
  onProgress?: ((progress: JobProgress) => void | Promise<void>) | undefined;
}

export interface ReembedResult {
  model: string;
  /** The target model's status after the run. */
  status: EmbeddingModelStatus;
  /** Vectors of the target model stored in this run. */
  embedded: number;
  /** Vectors of retired models deleted in this run. */
  dropped: number;
  switched: boolean;
  /** The model that served reads before the switch (null when nothing switched). */
  previous: string | null;
  /** The target model's coverage at the end of the run. */
  coverage: EmbeddingCoverage;
  batches: number;
  stoppedBy: StopReason;
  failure: EmbedFailure | null;
  elapsedMs: number;
  rowsPerSecond: number;
}

/** Runs (or resumes) the migration of reads to `embedder.model`, which must be registered already. */
export async function runReembed(
  store: MemoryStore,
  embedder: Embedder,
  options: ReembedOptions = {},
): Promise<ReembedResult> {
  const model = embedder.model;
  const batchSize = options.batchSize ?? 100;
  const cutover = options.cutover ?? 'auto';
  const budget = createRunBudget(options);
  const result: ReembedResult = {
    model,
    status: 'backfilling',
    embedded: 0,
    dropped: 0,
    switched: false,
    previous: null,
    coverage: { live: 0, covered: 0, failed: 0, missing: 0 },
    batches: 0,
    stoppedBy: 'done',
    failure: null,
    elapsedMs: 0,
    rowsPerSecond: 0,
  };
  const progress = (phase: JobProgress['phase'], rows: number, done: number, coverage?: EmbeddingCoverage) =>
    options.onProgress?.({
      job: 'reembed',
      phase,
      model,
      batch: budget.batches,
      rows,
      done,
      failed: 0,
      elapsedMs: budget.elapsedMs(),
      rowsPerSecond: rowsPerSecond(done, budget.elapsedMs()),
      coverage,
    });
  const finish = async (stoppedBy: StopReason): Promise<ReembedResult> => {
    result.stoppedBy = stoppedBy;
    result.coverage = await store.withOperator((op) => op.embeddingCoverage(model));
    result.batches = budget.batches;
    result.elapsedMs = budget.elapsedMs();
    result.rowsPerSecond = rowsPerSecond(result.embedded + result.dropped, result.elapsedMs);
    return result;
  };

  const info = await store.withOperator(async (op) => {
    const registered = (await op.listEmbeddingModels()).find((m) => m.model === model);
    return registered ? { status: await op.beginModelMigration(model), dims: registered.dims } : null;
  });
  if (!info) {
    // Registration creates the model's HNSW index, which needs the table owner: the CLI or the Worker does it.
    throw new AppError('invalid_request', `model ${model} is not registered`);
  }
  if (info.dims !== embedder.dimensions) {
    throw new AppError(
      'invalid_request',
      `model ${model} is registered with ${info.dims} dimensions, the embedder gives ${embedder.dimensions}`,
    );
  }
  result.status = info.status;

  if (result.status === 'backfilling') {
    const filled = await fill(store, embedder, budget, batchSize, result, progress);
    if (filled !== 'done' && cutover !== 'force') return finish(filled);
    if (cutover === 'never') return finish('done');
    let change: ModelSwitch;
    try {
      change = await store.withOperator((op) => op.activateModel(model, cutover === 'force'));
    } catch (error) {
      // The switch waited too long for in-flight writes (its lock_timeout): the next run tries again.
      if (isAppError(error) && error.sqlstate === LOCK_NOT_AVAILABLE) return finish('busy');
      throw error;
    }
    // Not switched: memories still lack the vector (written meanwhile, or held by another run).
    if (!change.switched) return finish(filled);
    result.switched = true;
    result.previous = change.previous;
    result.status = 'active';
    await progress('switch', 0, result.embedded, change);
  }

  if (result.status === 'active') {
    // Memories written with only the old model's vector while the switch happened get the new one first, so
    // that dropping old vectors never leaves a memory without a vector for the model that serves reads.
    const filled = await fill(store, embedder, budget, batchSize, result, progress);
    if (filled !== 'done') return finish(filled);
    const dropped = await dropRetired(store, budget, batchSize, result, progress);
    return finish(dropped);
  }
  return finish('done');
}

type Progress = (
  phase: JobProgress['phase'],
  rows: number,
  done: number,
  coverage?: EmbeddingCoverage,
) => void | Promise<void> | undefined;

interface FillBatch {
  stored: number;
  /** The last id claimed: where the next batch of this pass starts. */
  last: string | null;
  failure: EmbedFailure | null;
}

/**
 * Embeds every live memory that lacks the model's vector, walking the table by id (keyset). A pass that ends
 * starts once more from the beginning to catch memories written meanwhile; a pass that finds nothing is done.
 */
async function fill(
  store: MemoryStore,
  embedder: Embedder,
  budget: RunBudget,
  batchSize: number,
  result: ReembedResult,
  progress: Progress,
): Promise<StopReason> {
  let cursor: string | null = null;
  for (;;) {
    const exhausted = budget.exhausted();
    if (exhausted) return exhausted;
    const after: string | null = cursor;
    const batch: FillBatch | null = await store.withOperator(async (op): Promise<FillBatch | null> => {
      const tasks = await op.claimMissingEmbeddings(embedder.model, after, batchSize);
      if (tasks.length === 0) return null;
      const outcome = await embedTasks(embedder, tasks, budget.remainingMs());
      // Nothing is marked on failure: attempts count for the model that serves reads, not for this one.
      if (!outcome.ok) return { stored: 0, last: after, failure: outcome.category };
      const stored = await op.storeEmbeddings(embedder.model, outcome.vectors);
      return { stored, last: tasks[tasks.length - 1]!.id, failure: null };
    });
    if (!batch) {
      if (after === null) return 'done';
      cursor = null;
      continue;
    }
    budget.spend();
    if (batch.failure) {
      result.failure = batch.failure;
      return 'embedding_failed';
    }
    result.embedded += batch.stored;
    cursor = batch.last;
    await progress('fill', batch.stored, result.embedded);
  }
}

/** Deletes the vectors of retired models in batches until none are left. */
async function dropRetired(
  store: MemoryStore,
  budget: RunBudget,
  batchSize: number,
  result: ReembedResult,
  progress: Progress,
): Promise<StopReason> {
  for (;;) {
    const exhausted = budget.exhausted();
    if (exhausted) return exhausted;
    const dropped = await store.withOperator((op) => op.dropRetiredEmbeddings(batchSize));
    if (dropped === 0) return 'done';
    budget.spend();
    result.dropped += dropped;
    await progress('drop', dropped, result.dropped);
  }
}
