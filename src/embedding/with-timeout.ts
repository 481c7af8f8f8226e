// Wraps any Embedder in a hard time budget, one error vocabulary, output validation and a log line per call.

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
    // A cancellable timer rather than AbortSignal.timeout: it is cleared as soon as the call ends, and it keeps the
    // event loop alive (AbortSignal.timeout's timer is unref'd, so a provider hanging on nothing could let Node
    // exit mid-call instead of failing).
    const deadline = new AbortController();
    const signal = callerSignal ? AbortSignal.any([callerSignal, deadline.signal]) : deadline.signal;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let onAbort: (() => void) | undefined;
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      timer = setTimeout(() => deadline.abort(), timeoutMs);
    });
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
      if (signal.aborted) throw signal.reason;
      const value = check(await Promise.race([Promise.resolve().then(() => invoke(signal)), aborted]));
      log('ok');
      return value;
    } catch (error) {
      const failure = classify(error, deadline.signal.aborted, callerSignal?.aborted === true, timeoutMs);
      log(failure.category);
      throw failure;
    } finally {
      clearTimeout(timer);
      if (onAbort) signal.removeEventListener('abort', onAbort);
    }
  };

  const where = embedder.provider;
  return {
    provider: embedder.provider,
    model: embedder.model,
    dimensions: embedder.dimensions,
    version: embedder.version,
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

/** The deadline and caller aborts win over whatever the provider threw while being aborted. */
function classify(
  error: unknown,
  timedOut: boolean,
  callerAborted: boolean,
  timeoutMs: number,
): EmbeddingError {
  if (timedOut) {
    return new EmbeddingError('embedding_timeout', `no embedding within ${timeoutMs} ms`, { cause: error });
  }
  if (callerAborted) {
    return new EmbeddingError('embedding_timeout', 'embedding aborted by caller', { cause: error });
  }
  if (error instanceof EmbeddingError) return error;
  return new EmbeddingError('embedding_error', 'embedding call failed', { cause: error });
}
