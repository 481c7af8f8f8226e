// The OpenAI provider through the real openai SDK against a real local HTTP server speaking the OpenAI wire format.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createJsonLogger } from '../../src/core/logger.ts';
import { createDeterministicEmbedder } from '../../src/embedding/deterministic.ts';
import { createOpenAIEmbedder } from '../../src/embedding/openai.ts';
import { withTimeout } from '../../src/embedding/with-timeout.ts';
import { EmbeddingError } from '../../src/ports/embedder.ts';
import { type FakeOpenAIServer, startFakeOpenAIServer } from '../support/fake-openai-server.ts';

let server: FakeOpenAIServer;
let seen = 0;

beforeAll(async () => {
  server = await startFakeOpenAIServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.setFault(null);
  seen = server.requests;
});

/** Requests the server received since the current test began. */
const newRequests = () => server.received.slice(seen);
const expected = (dimensions: number, text: string) =>
  createDeterministicEmbedder({ dimensions }).vectorOf(text);
const embedder = (options: Parameters<typeof createOpenAIEmbedder>[0] = {}) =>
  createOpenAIEmbedder({ apiKey: server.apiKey, baseURL: server.url, ...options });

async function failure(promise: Promise<unknown>): Promise<EmbeddingError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EmbeddingError);
  return error as EmbeddingError;
}

describe('openai embedder: wire formats', () => {
  it('reads float arrays when asked for floats', async () => {
    const vector = await embedder({ encodingFormat: 'float' }).embedQuery('coffee with oat milk');
    expect(vector).toEqual(expected(1536, 'coffee with oat milk'));
    expect(newRequests()[0]?.encodingFormat).toBe('float');
  });

  it('decodes base64 little-endian float32 by default', async () => {
    const vector = await embedder().embedQuery('coffee with oat milk');
    expect(newRequests()[0]?.encodingFormat).toBe('base64');
    expect(vector).toEqual(expected(1536, 'coffee with oat milk').map(Math.fround));
  });

  it('sends configured dimensions and names them in the model id', async () => {
    const e = embedder({ dimensions: 256 });
    const vector = await e.embedQuery('tea');
    expect(vector).toHaveLength(256);
    expect(newRequests()[0]?.dimensions).toBe(256);
    expect(e.model).toBe('openai/text-embedding-3-small@256');
    expect(e.dimensions).toBe(256);
  });

  it('sends no dimensions when none is configured (ada-002 and many local servers reject the field)', async () => {
    const e = embedder();
    await e.embedQuery('tea');
    expect(newRequests()[0]?.dimensions).toBeUndefined();
    expect(e.model).toBe('openai/text-embedding-3-small@1536');
  });
});

describe('openai embedder: batching', () => {
  const texts = Array.from({ length: 10 }, (_, i) => `memory number ${i} about topic ${i % 3}`);

  it('splits into batches of batchSize and returns vectors in input order', async () => {
    const vectors = await embedder({ batchSize: 3, dimensions: 32, encodingFormat: 'float' }).embedDocuments(
      texts,
    );
    expect(
      newRequests()
        .map((r) => r.inputCount)
        .sort(),
    ).toEqual([1, 3, 3, 3]);
    expect(vectors).toEqual(texts.map((t) => expected(32, t)));
  });

  it('places items by their index, not by their position in the response', async () => {
    server.setFault({ reverseOrder: true });
    const vectors = await embedder({ dimensions: 16, encodingFormat: 'float' }).embedDocuments(texts);
    expect(vectors).toEqual(texts.map((t) => expected(16, t)));
  });

  it('makes no request for an empty list', async () => {
    expect(await embedder().embedDocuments([])).toEqual([]);
    expect(newRequests()).toHaveLength(0);
  });
});

describe('openai embedder: failures', () => {
  it('maps a 500 to embedding_error after exactly one request (no SDK retries)', async () => {
    server.setFault({ status500: true });
    const error = await failure(embedder().embedQuery('x'));
    expect(error.category).toBe('embedding_error');
    expect(error.message).toContain('500');
    expect(newRequests()).toHaveLength(1);
  });

  it('returns embedding_timeout within the budget when the server is slow', async () => {
    server.setFault({ delay: 2000 });
    const e = withTimeout(embedder(), { timeoutMs: 300 });
    const started = performance.now();
    const error = await failure(e.embedQuery('x'));
    const elapsed = performance.now() - started;
    expect(error.category).toBe('embedding_timeout');
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(400);
    expect(newRequests()).toHaveLength(1);
  });

  it('stops waiting when the caller aborts', async () => {
    server.setFault({ delay: 2000 });
    const error = await failure(embedder().embedQuery('x', { signal: AbortSignal.timeout(100) }));
    expect(error.category).toBe('embedding_timeout');
  });

  it.each([
    ['wrongDimensions', { wrongDimensions: true }, 'base64'],
    ['wrongDimensions', { wrongDimensions: true }, 'float'],
    ['nan', { nan: true }, 'base64'],
    ['nan (null in JSON)', { nan: true }, 'float'],
    ['wrongCount', { wrongCount: true }, 'base64'],
  ] as const)('rejects %s (%s) as embedding_invalid', async (_name, fault, encodingFormat) => {
    server.setFault(fault);
    const error = await failure(embedder({ encodingFormat }).embedDocuments(['a', 'b', 'c']));
    expect(error.category).toBe('embedding_invalid');
  });

  it('sends no Authorization header without a key and maps the 401 to embedding_error', async () => {
    const error = await failure(createOpenAIEmbedder({ baseURL: server.url }).embedQuery('x'));
    expect(error.category).toBe('embedding_error');
    expect(error.message).toContain('401');
    expect(newRequests()).toEqual([expect.objectContaining({ authorized: false })]);
  });

  it('maps a wrong key to embedding_error without echoing the server text', async () => {
    const error = await failure(embedder({ apiKey: 'sk-wrong-key' }).embedQuery('x'));
    expect(error.category).toBe('embedding_error');
    expect(error.message).toBe('openai: HTTP 401 (invalid_api_key)');
  });

  it('refuses to target api.openai.com without a key', () => {
    expect(() => createOpenAIEmbedder({})).toThrow(EmbeddingError);
  });

  it('maps an unreachable server to embedding_error', async () => {
    const closed = await startFakeOpenAIServer();
    await closed.close();
    const error = await failure(createOpenAIEmbedder({ apiKey: 'k', baseURL: closed.url }).embedQuery('x'));
    expect(error.category).toBe('embedding_error');
  });
});

describe('openai embedder: logging', () => {
  it('logs calls without their text, vectors or key', async () => {
    const lines: string[] = [];
    const secretText = 'my bank PIN is 4512 and I live on Elm Street';
    const e = withTimeout(embedder({ apiKey: server.apiKey }), {
      timeoutMs: 300,
      logger: createJsonLogger((line) => lines.push(line)),
    });
    await e.embedDocuments([secretText, `${secretText} again`]);
    server.setFault({ status500: true });
    await failure(e.embedQuery(secretText));
    server.setFault({ delay: 1000 });
    await failure(e.embedQuery(secretText));

    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records.map((r) => [r.level, r.mode, r.count, r.outcome])).toEqual([
      ['info', 'documents', 2, 'ok'],
      ['warn', 'query', 1, 'embedding_error'],
      ['warn', 'query', 1, 'embedding_timeout'],
    ]);
    for (const record of records) {
      expect(Object.keys(record).sort()).toEqual(
        ['count', 'duration_ms', 'event', 'level', 'mode', 'model', 'outcome', 'provider', 'time'].sort(),
      );
      expect(record.provider).toBe('openai');
    }
    const all = lines.join('');
    for (const word of ['PIN', '4512', 'Elm', 'bank']) expect(all).not.toContain(word);
    expect(all).not.toContain(server.apiKey);
  });
});
