// The query-intent example questions (src/recall/intent-exemplars.ts) in the recall embedder's space, embedded once
// per process or isolate and shared by every recall: 430 questions, 1.5-1.9 s with the local blend on a quiet
// machine, one batch of requests for a hosted model. Recall uses them only for a model with a query-level floor.
import type { Logger } from '../core/logger.ts';
import type { Embedder } from '../ports/embedder.ts';
import { GENERAL_QUESTIONS, MEMORY_SEEKING_QUESTIONS } from '../recall/intent-exemplars.ts';
import type { IntentExemplars } from '../recall/query-intent.ts';

/**
 * Texts per embedding call: the recall embedder is wrapped in the per-call time budget (1.5 s), and 32 texts take
 * about 150 ms with the local blend.
 */
const CHUNK = 32;

/** Embeds the example questions with `embedder`, in chunks that each fit its per-call budget. */
export async function embedIntentExemplars(embedder: Embedder): Promise<IntentExemplars> {
  const texts = [...MEMORY_SEEKING_QUESTIONS, ...GENERAL_QUESTIONS];
  const vectors: number[][] = [];
  for (let i = 0; i < texts.length; i += CHUNK)
    vectors.push(...(await embedder.embedDocuments(texts.slice(i, i + CHUNK))));
  return {
    memory: vectors.slice(0, MEMORY_SEEKING_QUESTIONS.length),
    general: vectors.slice(MEMORY_SEEKING_QUESTIONS.length),
    texts: { memory: MEMORY_SEEKING_QUESTIONS, general: GENERAL_QUESTIONS },
  };
}

/**
 * The examples in the embedder's space, embedded on first use and kept; a failure is logged (without content) and
 * tried again on the next call, so a slow provider at start-up does not switch the floor off for good.
 */
export function createIntentExemplarCache(embedder: Embedder, logger: Logger) {
  let pending: Promise<IntentExemplars> | null = null;
  return {
    model: embedder.model,
    get(): Promise<IntentExemplars> {
      pending ??= embedIntentExemplars(embedder).catch((error: unknown) => {
        pending = null;
        logger.warn('recall.intent_exemplars_failed', {
          category: (error as { category?: string }).category ?? 'error',
        });
        throw error;
      });
      return pending;
    },
  };
}
