// Shared by the extraction tests: an answer item in the wire shape, and the ExtractionError a promise rejects with.
import { expect } from 'vitest';
import { ExtractionError } from '../../src/ports/extractor.ts';

/** A valid item (a residence fact from turn 0), with fields replaced by `over`. */
export const extractedItem = (over: Record<string, unknown> = {}) => ({
  kind: 'fact',
  content: 'Lives in Munich',
  key: 'residence',
  facet: null,
  polarity: null,
  trigger: null,
  tags: ['location'],
  confidence: 0.8,
  source_turns: [0],
  ...over,
});

export async function extractionFailure(promise: Promise<unknown>): Promise<ExtractionError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ExtractionError);
  return error as ExtractionError;
}
