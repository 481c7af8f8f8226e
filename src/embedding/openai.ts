// Embedding provider for OpenAI and any OpenAI-compatible server (Ollama, vLLM, TEI) through the openai SDK.
import {
  classifyOpenAIError,
  createOpenAIClient,
  missingOfficialKey,
  OPENAI_DEFAULT_BASE_URL,
} from '../openai/client.ts';
import { type Embedder, EmbeddingError, type EmbedOptions } from '../ports/embedder.ts';
import { embedInBatches } from './batch.ts';
import { vectorsFromEmbeddingResponse } from './openai-response.ts';

export { OPENAI_DEFAULT_BASE_URL };
export const OPENAI_DEFAULT_MODEL = 'text-embedding-3-small';

/** Native output sizes of OpenAI's models, used when no `dimensions` is configured. */
export const OPENAI_NATIVE_DIMENSIONS: Readonly<Record<string, number>> = {
  'text-embedding-3-small': 1536,
  'text-embedding-3-large': 3072,
  'text-embedding-ada-002': 1536,
};

export interface OpenAIEmbedderOptions {
  /** Required for api.openai.com; optional for a local server that needs none (then no Authorization is sent). */
  apiKey?: string | undefined;
  /** Any OpenAI-compatible base URL, e.g. `http://127.0.0.1:11434/v1` for Ollama. */
  baseURL?: string | undefined;
  model?: string | undefined;
  /**
   * Output size. When given it is sent to the API (text-embedding-3 models shorten their vectors); when omitted
   * the model's native size is assumed and nothing is sent (ada-002 and many local servers reject the field).
   */
  dimensions?: number | undefined;
  /** Most inputs per request (OpenAI allows 2048; smaller requests finish sooner and fail smaller). */
  batchSize?: number | undefined;
  /** Most requests in flight for one `embedDocuments` call. */
  concurrency?: number | undefined;
  /** Wire encoding asked for; base64 is about a quarter of the bytes of JSON floats. */
  encodingFormat?: 'base64' | 'float' | undefined;
  /** Backstop for one HTTP request when no caller signal is given; the real budget comes from `withTimeout`. */
  requestTimeoutMs?: number | undefined;
}

/**
 * Creates an Embedder backed by `POST {baseURL}/embeddings`. Model id: `openai/<model>@<dimensions>`.
 * Throws `EmbeddingError('embedding_error')` at once when api.openai.com is targeted without a key, or when the
 * model's size is unknown and no `dimensions` is given.
 */
export function createOpenAIEmbedder(options: OpenAIEmbedderOptions = {}): Embedder {
  const model = options.model ?? OPENAI_DEFAULT_MODEL;
  const baseURL = options.baseURL ?? OPENAI_DEFAULT_BASE_URL;
  const dimensions = options.dimensions ?? OPENAI_NATIVE_DIMENSIONS[model];
  if (dimensions === undefined) {
    throw new EmbeddingError('embedding_error', `openai: unknown size for model ${model}; set dimensions`);
  }
  if (missingOfficialKey({ apiKey: options.apiKey, baseURL })) {
    throw new EmbeddingError('embedding_error', 'openai: an API key is required for api.openai.com');
  }
  const encodingFormat = options.encodingFormat ?? 'base64';
  const batchSize = options.batchSize ?? 96;
  const concurrency = options.concurrency ?? 4;

  const client = createOpenAIClient({
    apiKey: options.apiKey,
    baseURL,
    requestTimeoutMs: options.requestTimeoutMs,
  });

  const call = async (texts: string[], signal: AbortSignal | undefined): Promise<number[][]> => {
    let body: unknown;
    try {
      body = await client.embeddings.create(
        {
          model,
          input: texts,
          encoding_format: encodingFormat,
          ...(options.dimensions !== undefined ? { dimensions: options.dimensions } : {}),
        },
        signal ? { signal } : {},
      );
    } catch (error) {
      throw toEmbeddingError(error, signal);
    }
    return vectorsFromEmbeddingResponse(body, texts.length, dimensions);
  };

  return {
    provider: 'openai',
    model: `openai/${model}@${dimensions}`,
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

/** Maps SDK errors to a category (see classifyOpenAIError); our own errors pass through. */
function toEmbeddingError(error: unknown, signal: AbortSignal | undefined): EmbeddingError {
  if (error instanceof EmbeddingError) return error;
  const failure = classifyOpenAIError(error, signal);
  const category = failure.kind === 'timeout' ? 'embedding_timeout' : 'embedding_error';
  return new EmbeddingError(
    category,
    failure.message,
    'cause' in failure ? { cause: failure.cause } : undefined,
  );
}
