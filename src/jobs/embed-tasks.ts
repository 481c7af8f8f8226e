// Embeds one claimed batch for a job: the memories' embedding texts, within the run's remaining time, with the
// vectors checked before anything is stored. A failure becomes a category, never an exception with content.
import { type Embedder, EmbeddingError, type EmbedFailure, embeddingTextOf } from '../ports/embedder.ts';
import type { EmbeddingTask } from '../ports/store.ts';

export type EmbedOutcome =
  | { ok: true; vectors: { memoryId: string; vector: number[] }[] }
  | { ok: false; category: EmbedFailure };

function checkVectors(vectors: number[][], count: number, dimensions: number): void {
  if (vectors.length !== count) {
    throw new EmbeddingError('embedding_invalid', `expected ${count} vectors, got ${vectors.length}`);
  }
  for (const vector of vectors) {
    if (vector.length !== dimensions || !vector.every(Number.isFinite)) {
      throw new EmbeddingError('embedding_invalid', `expected ${dimensions} finite numbers per vector`);
    }
  }
}

/** Embeds `tasks` with `embedder`; gives up when `remainingMs` runs out (the job's deadline). */
export async function embedTasks(
  embedder: Embedder,
  tasks: readonly EmbeddingTask[],
  remainingMs: number,
): Promise<EmbedOutcome> {
  const signal = Number.isFinite(remainingMs) ? AbortSignal.timeout(Math.max(1, remainingMs)) : undefined;
  try {
    const vectors = await embedder.embedDocuments(
      tasks.map((task) => embeddingTextOf(task)),
      signal ? { signal } : {},
    );
    checkVectors(vectors, tasks.length, embedder.dimensions);
    return { ok: true, vectors: tasks.map((task, i) => ({ memoryId: task.id, vector: vectors[i]! })) };
  } catch (error) {
    if (error instanceof EmbeddingError) return { ok: false, category: error.category };
    if (signal?.aborted) return { ok: false, category: 'embedding_timeout' };
    return { ok: false, category: 'embedding_error' };
  }
}
