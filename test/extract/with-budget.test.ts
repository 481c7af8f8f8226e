// The extraction budget wrapper on in-process extractors: the deadline wins over an adapter that ignores its
// signal, adapter categories pass through, anything else is extraction_error.
import { describe, expect, it } from 'vitest';
import { withExtractionBudget } from '../../src/extract/with-budget.ts';
import { type ExtractInput, ExtractionError, type Extractor } from '../../src/ports/extractor.ts';
import { extractionFailure } from './helpers.ts';

const input: ExtractInput = { session: 's', turns: [{ index: 0, role: 'user', text: 'I live in Oslo' }] };
const fakeExtractor = (extract: Extractor['extract']): Extractor => ({
  provider: 'fake',
  model: 'fake@1',
  extract,
});

const failure = extractionFailure;

describe('withExtractionBudget', () => {
  it('passes results through and keeps the identity of the wrapped extractor', async () => {
    const result = { proposals: [], drops: { duplicate: 1 } };
    const wrapped = withExtractionBudget(
      fakeExtractor(async () => result),
      { timeoutMs: 1000 },
    );
    expect(await wrapped.extract(input)).toBe(result);
    expect([wrapped.provider, wrapped.model]).toEqual(['fake', 'fake@1']);
  });

  it('times out an adapter that never settles and ignores its signal', async () => {
    let signalled = false;
    const hanging = fakeExtractor((_, options) => {
      options?.signal?.addEventListener('abort', () => {
        signalled = true;
      });
      return new Promise(() => {});
    });
    const error = await failure(withExtractionBudget(hanging, { timeoutMs: 50 }).extract(input));
    expect(error.category).toBe('extraction_timeout');
    expect(signalled).toBe(true);
  });

  it('reports an already aborted caller signal as a timeout without calling the adapter', async () => {
    let called = false;
    const wrapped = withExtractionBudget(
      fakeExtractor(async () => {
        called = true;
        return { proposals: [], drops: {} };
      }),
      { timeoutMs: 1000 },
    );
    const error = await failure(wrapped.extract(input, { signal: AbortSignal.abort() }));
    expect(error).toMatchObject({ category: 'extraction_timeout', message: 'extraction aborted by caller' });
    expect(called).toBe(false);
  });

  it("keeps an adapter's own category and turns anything else into extraction_error", async () => {
    const invalid = fakeExtractor(async () => {
      throw new ExtractionError('extraction_invalid', 'no proposals list');
    });
    expect((await failure(withExtractionBudget(invalid, { timeoutMs: 1000 }).extract(input))).category).toBe(
      'extraction_invalid',
    );
    const broken = fakeExtractor(async () => {
      throw new TypeError('boom');
    });
    const error = await failure(withExtractionBudget(broken, { timeoutMs: 1000 }).extract(input));
    expect(error).toMatchObject({ category: 'extraction_error', message: 'extraction call failed' });
    expect(error.cause).toBeInstanceOf(TypeError);
  });
});
