// Wraps any Embedder in a hard time budget, one error vocabulary, output validation and a log line per call.

import { DeadlineExceeded, withinDeadline } from '../core/deadline.ts';
import { type Logger, silentLogger } from '../core/logger.ts';
import { type Embedder, EmbeddingError, type EmbedOptions } from '../ports/embedder.ts';
import type { EmbedCallFields } from './log.ts';
import { validateVector, validateVectors } from './validate.ts';

export const DEFAULT_EMBED_TIMEOUT_MS = 1500;

export interface WithTimeoutOptions {
  /** Budget for one call, from start to vectors in hand. */
  timeoutMs: number;
  logger?: Logger | undefined;
}

/**
 * Returns an Embedder that settles within `timeoutMs` whatever the wrapped one does. Each call gets a signal that
 * fires at the deadline or when the caller's own signal fires, and the call is raced against it, so a provider
 * that ignores its signal still cannot hold recall hostage. Every failure becomes an `EmbeddingError`
 * (`embedding_timeout` past the deadline or on caller abort, `embedding_error` for anything unexpected), results
 * are validated (`embedding_invalid`), and each call logs provider, model, mode, count, outcome and duration only.
 */
export function withTimeout(
  embedder: Embedder,
  { timeoutMs, logger = silentLogger }: WithTimeoutOptions,
): Embedder {
  const run = async <T>(
    mode: EmbedCallFields['mode'],
    count: number,
    callerSignal: AbortSignal | undefined,
    invoke: (signal: AbortSignal) => Promise<T>,
    check: (value: T) => T,
  ): Promise<T> => {
    const started = performance.now();
    const log = (outcome: EmbedCallFields['outcome']) => {
      const fields: EmbedCallFields = {
        provider: embedder.provider,
        model: embedder.model,
        mode,
        count,
        outcome,
        duration_ms: Math.round(performance.now() - started),
      };
      if (outcome === 'ok') logger.info('embed', { ...fields });
      else logger.warn('embed', { ...fields });
    };

    try {
      const value = check(await withinDeadline(timeoutMs, callerSignal, invoke));
      log('ok');
      return value;
    } catch (error) {
      const failure = classify(error, timeoutMs);
      log(failure.category);
      throw failure;
    }
  };

  const where = embedder.provider;
  return {
    provider: embedder.provider,
    model: embedder.model,
    dimensions: embedder.dimensions,
    version: embedder.version,
    ...(embedder.languages ? { languages: embedder.languages } : {}),
    ...(embedder.inProcess ? { inProcess: true } : {}),
    ...(embedder.knows ? { knows: (text: string) => embedder.knows!(text) } : {}),
    embedQuery: (text: string, options?: EmbedOptions) =>
      run(
        'query',
        1,
        options?.signal,
        (signal) => embedder.embedQuery(text, { signal }),
        (vector) => validateVector(vector, embedder.dimensions, where),
      ),
    embedDocuments: async (texts: readonly string[], options?: EmbedOptions) => {
      if (texts.length === 0) return [];
      return run(
        'documents',
        texts.length,
        options?.signal,
        (signal) => embedder.embedDocuments(texts, { signal }),
        (vectors) => validateVectors(vectors, texts.length, embedder.dimensions, where),
      );
    },
  };
}

/** The deadline and caller aborts win over whatever the provider threw while being aborted (see withinDeadline). */
function classify(error: unknown, timeoutMs: number): EmbeddingError {
  if (error instanceof DeadlineExceeded) {
    const message =
      error.by === 'deadline' ? `no embedding within ${timeoutMs} ms` : 'embedding aborted by caller';
    return new EmbeddingError('embedding_timeout', message, { cause: error.cause });
  }
  if (error instanceof EmbeddingError) return error;
  return new EmbeddingError('embedding_error', 'embedding call failed', { cause: error });
}
