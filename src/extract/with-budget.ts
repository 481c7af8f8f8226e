// Wraps any Extractor in a hard time budget, the extraction error vocabulary and a log line per call: the same
// deadline as embeddings (core/deadline.ts), so a slow chat model can hold an ingest no longer than the budget.
import { DeadlineExceeded, withinDeadline } from '../core/deadline.ts';
import { type Logger, silentLogger } from '../core/logger.ts';
import {
  type ExtractFailure,
  type ExtractInput,
  ExtractionError,
  type ExtractOptions,
  type Extractor,
  type ExtractResult,
} from '../ports/extractor.ts';

/** The default budget of one extraction call, from start to proposals in hand. */
export const DEFAULT_EXTRACT_TIMEOUT_MS = 8000;

/** The only fields an extraction call logs: what was called, sizes, how it ended and how long it took. */
export interface ExtractCallFields {
  provider: string;
  model: string;
  turns: number;
  proposals: number;
  dropped: number;
  outcome: 'ok' | ExtractFailure;
  duration_ms: number;
}

export interface WithExtractionBudgetOptions {
  timeoutMs: number;
  logger?: Logger | undefined;
}

/**
 * Returns an Extractor that settles within `timeoutMs` whatever the wrapped one does. Every failure becomes an
 * `ExtractionError`: `extraction_timeout` past the deadline or on the caller's abort, the adapter's own category
 * when it gave one (`extraction_invalid` for an unreadable answer), `extraction_error` for anything else.
 */
export function withExtractionBudget(
  extractor: Extractor,
  { timeoutMs, logger = silentLogger }: WithExtractionBudgetOptions,
): Extractor {
  return {
    provider: extractor.provider,
    model: extractor.model,
    async extract(input: ExtractInput, options?: ExtractOptions): Promise<ExtractResult> {
      const started = performance.now();
      const log = (outcome: ExtractCallFields['outcome'], result?: ExtractResult) => {
        const fields: ExtractCallFields = {
          provider: extractor.provider,
          model: extractor.model,
          turns: input.turns.length,
          proposals: result?.proposals.length ?? 0,
          dropped: Object.values(result?.drops ?? {}).reduce((a, b) => a + b, 0),
          outcome,
          duration_ms: Math.round(performance.now() - started),
        };
        if (outcome === 'ok') logger.info('extract', { ...fields });
        else logger.warn('extract', { ...fields });
      };
      try {
        const result = await withinDeadline(timeoutMs, options?.signal, (signal) =>
          extractor.extract(input, { signal }),
        );
        log('ok', result);
        return result;
      } catch (error) {
        const failure = classify(error, timeoutMs);
        log(failure.category);
        throw failure;
      }
    },
  };
}

function classify(error: unknown, timeoutMs: number): ExtractionError {
  if (error instanceof DeadlineExceeded) {
    const message =
      error.by === 'deadline' ? `no extraction within ${timeoutMs} ms` : 'extraction aborted by caller';
    return new ExtractionError('extraction_timeout', message, { cause: error.cause });
  }
  if (error instanceof ExtractionError) return error;
  return new ExtractionError('extraction_error', 'extraction call failed', { cause: error });
}
