// Embeds one claimed batch for a job: the memories' embedding texts, within the run's remaining time, with the
// vectors validated before anything is stored. A failure becomes a category, never an exception with content.
import { validateVectors } from '../embedding/validate.ts';
import { type Embedder, EmbeddingError, type EmbedFailure, embeddingTextOf } from '../ports/embedder.ts';
import type { EmbeddingTask } from '../ports/store.ts';

export type EmbedOutcome =
  | { ok: true; vectors: { memoryId: string; vector: number[] }[] }
  | { ok: false; category: EmbedFailure };

/** Embeds `tasks` with `embedder`; gives up when `remainingMs` runs out (the job's deadline). */
export async function embedTasks(
  embedder: Embedder,
  tasks: readonly EmbeddingTask[],
  remainingMs: number,
): Promise<EmbedOutcome> {
  const signal = Number.isFinite(remainingMs) ? AbortSignal.timeout(Math.max(1, remainingMs)) : undefined;
  try {
    const raw = await embedder.embedDocuments(
      tasks.map((task) => embeddingTextOf(task)),
      signal ? { signal } : {},
    );
    // A vector of the wrong size or with a NaN would be rejected by the store after the batch was paid for;
    // failing here counts it as the embedding failure it is.
    const vectors = validateVectors(raw, tasks.length, embedder.dimensions, `${embedder.provider} batch`);
    return { ok: true, vectors: tasks.map((task, i) => ({ memoryId: task.id, vector: vectors[i]! })) };
  } catch (error) {
    if (error instanceof EmbeddingError) return { ok: false, category: error.category };
    if (signal?.aborted) return { ok: false, category: 'embedding_timeout' };
    return { ok: false, category: 'embedding_error' };
  }
}
