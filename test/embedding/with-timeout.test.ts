// The time budget wrapper: settles within budget even when the provider ignores its signal, one error vocabulary,
// output validation, and log lines with counts and outcomes only.
import { describe, expect, it } from 'vitest';
import { createJsonLogger } from '../../src/core/logger.ts';
import { withTimeout } from '../../src/embedding/with-timeout.ts';
import { type Embedder, EmbeddingError, type EmbedOptions } from '../../src/ports/embedder.ts';

/** A 3-d embedder whose behaviour each test scripts; records the signals it was given. */
function scripted(behaviour: (texts: readonly string[], options?: EmbedOptions) => Promise<unknown>) {
  const signals: (AbortSignal | undefined)[] = [];
  const embedder: Embedder = {
    provider: 'scripted',
    model: 'scripted/test@3',
    dimensions: 3,
    version: '1',
    embedQuery: async (text, options) => {
      signals.push(options?.signal);
      const out = (await behaviour([text], options)) as number[][];
      return out[0] as number[];
    },
    embedDocuments: async (texts, options) => {
      signals.push(options?.signal);
      return (await behaviour(texts, options)) as number[][];
    },
  };
  return { embedder, signals };
}

const unit = (texts: readonly string[]) => Promise.resolve(texts.map(() => [1, 0, 0]));
const never = () => new Promise<never>(() => {});

async function failure(promise: Promise<unknown>): Promise<EmbeddingError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EmbeddingError);
  return error as EmbeddingError;
}

describe('withTimeout', () => {
  it('passes results, identity and a live signal through', async () => {
    const { embedder, signals } = scripted(unit);
    const wrapped = withTimeout(embedder, { timeoutMs: 1000 });
    expect(await wrapped.embedDocuments(['a', 'b'])).toEqual([
      [1, 0, 0],
      [1, 0, 0],
    ]);
    expect(await wrapped.embedQuery('a')).toEqual([1, 0, 0]);
    expect([wrapped.model, wrapped.provider, wrapped.dimensions, wrapped.version]).toEqual([
      'scripted/test@3',
      'scripted',
      3,
      '1',
    ]);
    expect(signals.every((s) => s instanceof AbortSignal && !s.aborted)).toBe(true);
  });

  it('settles within budget when the provider ignores its signal and never answers', async () => {
    const { embedder } = scripted(never);
    const started = performance.now();
    const error = await failure(withTimeout(embedder, { timeoutMs: 200 }).embedQuery('x'));
    const elapsed = performance.now() - started;
    expect(error.category).toBe('embedding_timeout');
    expect(elapsed).toBeGreaterThanOrEqual(190);
    expect(elapsed).toBeLessThan(300);
  });

  it('aborts the signal it gave the provider at the deadline', async () => {
    const { embedder, signals } = scripted(never);
    await failure(withTimeout(embedder, { timeoutMs: 50 }).embedQuery('x'));
    expect(signals[0]?.aborted).toBe(true);
  });

  it('fails at once, without calling the provider, when the caller signal is already aborted', async () => {
    const { embedder, signals } = scripted(unit);
    const error = await failure(
      withTimeout(embedder, { timeoutMs: 1000 }).embedQuery('x', { signal: AbortSignal.abort() }),
    );
    expect(error.category).toBe('embedding_timeout');
    expect(signals).toHaveLength(0);
  });

  it('stops when the caller aborts before the budget ends', async () => {
    const { embedder, signals } = scripted(never);
    const caller = new AbortController();
    setTimeout(() => caller.abort(), 50);
    const started = performance.now();
    const error = await failure(
      withTimeout(embedder, { timeoutMs: 5000 }).embedQuery('x', { signal: caller.signal }),
    );
    expect(error.category).toBe('embedding_timeout');
    expect(error.message).toContain('caller');
    expect(performance.now() - started).toBeLessThan(1000);
    expect(signals[0]?.aborted).toBe(true);
  });

  it('keeps the category of an EmbeddingError and maps anything else to embedding_error', async () => {
    const invalid = scripted(() => Promise.reject(new EmbeddingError('embedding_invalid', 'bad')));
    expect((await failure(withTimeout(invalid.embedder, { timeoutMs: 1000 }).embedQuery('x'))).category).toBe(
      'embedding_invalid',
    );
    const thrown = scripted(() => {
      throw new TypeError('boom');
    });
    expect((await failure(withTimeout(thrown.embedder, { timeoutMs: 1000 }).embedQuery('x'))).category).toBe(
      'embedding_error',
    );
  });

  it.each([
    ['a short vector', () => Promise.resolve([[1, 0]])],
    ['a NaN', () => Promise.resolve([[1, Number.NaN, 0]])],
    ['an Infinity', () => Promise.resolve([[1, Number.POSITIVE_INFINITY, 0]])],
    ['a string', () => Promise.resolve([[1, '0', 0]])],
    ['too few vectors', () => Promise.resolve([[1, 0, 0]])],
  ])('rejects %s as embedding_invalid', async (_name, behaviour) => {
    const { embedder } = scripted(behaviour);
    const error = await failure(withTimeout(embedder, { timeoutMs: 1000 }).embedDocuments(['a', 'b']));
    expect(error.category).toBe('embedding_invalid');
  });

  it('skips the provider for an empty list', async () => {
    const { embedder, signals } = scripted(unit);
    expect(await withTimeout(embedder, { timeoutMs: 1000 }).embedDocuments([])).toEqual([]);
    expect(signals).toHaveLength(0);
  });

  it('logs one line per call with provider, model, mode, count, outcome and duration only', async () => {
    const lines: string[] = [];
    const logger = createJsonLogger((line) => lines.push(line));
    const secret = 'the door code is 9931';
    await withTimeout(scripted(unit).embedder, { timeoutMs: 1000, logger }).embedDocuments([secret, secret]);
    await failure(withTimeout(scripted(never).embedder, { timeoutMs: 20, logger }).embedQuery(secret));

    expect(lines.every((line) => line.endsWith('\n'))).toBe(true);
    const [ok, timedOut] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(ok).toMatchObject({
      level: 'info',
      event: 'embed',
      provider: 'scripted',
      model: 'scripted/test@3',
      mode: 'documents',
      count: 2,
      outcome: 'ok',
    });
    expect(timedOut).toMatchObject({ level: 'warn', mode: 'query', count: 1, outcome: 'embedding_timeout' });
    expect(timedOut?.duration_ms).toBeGreaterThanOrEqual(15);
    expect(lines.join('')).not.toContain('9931');
    expect(lines.join('')).not.toContain('door');
  });
});
