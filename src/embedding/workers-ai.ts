// Embedding provider for Cloudflare Workers AI through the `AI` binding (bge models and other text embedders).
import { type Embedder, EmbeddingError, type EmbedOptions } from '../ports/embedder.ts';
import { embedInBatches } from './batch.ts';
import { validateVectors } from './validate.ts';

/**
 * The part of the Workers `Ai` binding this provider uses. Declared here so that nothing depends on
 * Cloudflare's generated types; `env.AI` satisfies it structurally.
 */
export interface WorkersAiBinding {
  run(
    model: string,
    inputs: { text: string[]; pooling?: 'mean' | 'cls' },
    options?: { signal?: AbortSignal },
  ): Promise<unknown>;
}

export const WORKERS_AI_DEFAULT_MODEL = '@cf/baai/bge-small-en-v1.5';

/** Output sizes of the bge models, used when no `dimensions` is configured. */
export const WORKERS_AI_DIMENSIONS: Readonly<Record<string, number>> = {
  '@cf/baai/bge-small-en-v1.5': 384,
  '@cf/baai/bge-base-en-v1.5': 768,
  '@cf/baai/bge-large-en-v1.5': 1024,
  // Multilingual (100+ languages, Chinese included): the one to use for non-English users (docs/models.md).
  '@cf/baai/bge-m3': 1024,
};

/** The models that take bge's `pooling` option (the English bge v1.5 family); bge-m3 has no such input. */
const POOLING_MODELS: ReadonlySet<string> = new Set([
  '@cf/baai/bge-small-en-v1.5',
  '@cf/baai/bge-base-en-v1.5',
  '@cf/baai/bge-large-en-v1.5',
]);

export interface WorkersAiEmbedderOptions {
  ai: WorkersAiBinding;
  model?: string | undefined;
  /** Required for models outside `WORKERS_AI_DIMENSIONS`. */
  dimensions?: number | undefined;
  /**
   * bge pooling. `cls` is what Cloudflare recommends, but it yields a different vector space from the service's
   * default `mean`, so it is part of the model id. Defaults to `cls` for the English bge v1.5 models, unset for
   * others (bge-m3 takes no pooling).
   */
  pooling?: 'mean' | 'cls' | undefined;
  /** Most texts per call (bge accepts up to 100). */
  batchSize?: number | undefined;
  concurrency?: number | undefined;
}

/** Creates an Embedder over `env.AI.run(model, { text })`. Model id: `workers-ai/<model>[+<pooling>]@<dims>`. */
export function createWorkersAiEmbedder(options: WorkersAiEmbedderOptions): Embedder {
  const model = options.model ?? WORKERS_AI_DEFAULT_MODEL;
  const known = WORKERS_AI_DIMENSIONS[model];
  const dimensions = options.dimensions ?? known;
  if (dimensions === undefined) {
    throw new EmbeddingError(
      'embedding_error',
      `workers-ai: unknown size for model ${model}; set dimensions`,
    );
  }
  const pooling = options.pooling ?? (POOLING_MODELS.has(model) ? 'cls' : undefined);
  const batchSize = options.batchSize ?? 100;
  const concurrency = options.concurrency ?? 4;

  const call = async (texts: string[], signal: AbortSignal | undefined): Promise<number[][]> => {
    let result: unknown;
    try {
      result = await options.ai.run(
        model,
        pooling ? { text: texts, pooling } : { text: texts },
        signal ? { signal } : undefined,
      );
    } catch (error) {
      const category = signal?.aborted ? 'embedding_timeout' : 'embedding_error';
      throw new EmbeddingError(category, `workers-ai: ${model} call failed`, { cause: error });
    }
    const body = typeof result === 'object' && result !== null ? (result as Record<string, unknown>) : {};
    const shape = body.shape;
    if (Array.isArray(shape) && (shape[0] !== texts.length || shape[1] !== dimensions)) {
      throw new EmbeddingError(
        'embedding_invalid',
        `workers-ai: shape [${shape.join(', ')}] is not as expected`,
      );
    }
    return validateVectors(body.data, texts.length, dimensions, 'workers-ai');
  };

  return {
    provider: 'workers-ai',
    model: `workers-ai/${model}${pooling ? `+${pooling}` : ''}@${dimensions}`,
    dimensions,
    version: '1',
    embedDocuments: (texts: readonly string[], opts?: EmbedOptions) =>
      embedInBatches(texts, call, { batchSize, concurrency, signal: opts?.signal }),
    embedQuery: async (text: string, opts?: EmbedOptions) => {
      const [vector] = await call([text], opts?.signal);
      return vector!;
    },
  };
}
