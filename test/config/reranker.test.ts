// ENGRAM_RERANKER & co. through the one schema: off by default, each provider's required settings named when
// missing, on Node and on the Worker alike.
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, parseWorkerConfig, rerankerConfigOf } from '../../src/config/index.ts';

const NEON = 'postgres://app:pw@ep-x.neon.tech/engram';

function issues(env: Record<string, string>): string[] {
  try {
    parseConfig(env);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).issues;
  }
}

describe('reranker settings', () => {
  it('is off unless set', () => {
    expect(rerankerConfigOf(parseConfig({}))).toBeNull();
  });

  it('http needs its endpoint and model, named', () => {
    const found = issues({ ENGRAM_RERANKER: 'http' });
    expect(found.some((i) => i.startsWith('ENGRAM_RERANK_URL:'))).toBe(true);
    expect(found.some((i) => i.startsWith('ENGRAM_RERANK_MODEL:'))).toBe(true);
    expect(
      rerankerConfigOf(
        parseConfig({
          ENGRAM_RERANKER: 'http',
          ENGRAM_RERANK_URL: 'https://api.jina.ai/v1/rerank',
          ENGRAM_RERANK_MODEL: 'jina-reranker-v2-base-multilingual',
          ENGRAM_RERANK_API_KEY: 'k',
        }),
      ),
    ).toEqual({
      provider: 'http',
      url: 'https://api.jina.ai/v1/rerank',
      model: 'jina-reranker-v2-base-multilingual',
      apiKey: 'k',
      timeoutMs: 800,
      candidates: 20,
    });
  });

  it('workers-ai over REST needs the account id and the token together', () => {
    expect(issues({ ENGRAM_RERANKER: 'workers-ai', ENGRAM_RERANK_API_KEY: 'tok' })).toEqual([
      expect.stringMatching(/^ENGRAM_RERANK_ACCOUNT_ID:/),
    ]);
    const config = rerankerConfigOf(
      parseConfig({
        ENGRAM_RERANKER: 'workers-ai',
        ENGRAM_RERANK_ACCOUNT_ID: 'a',
        ENGRAM_RERANK_API_KEY: 't',
      }),
    );
    expect(config).toMatchObject({
      provider: 'workers-ai',
      model: '@cf/baai/bge-reranker-base',
      rest: { accountId: 'a', apiToken: 't' },
    });
  });

  it('bounds the budget and the candidates the same way on the Worker', () => {
    for (const [name, value] of [
      ['ENGRAM_RERANK_TIMEOUT_MS', '5'],
      ['ENGRAM_RERANK_CANDIDATES', '0'],
      ['ENGRAM_RERANKER', 'cohere'],
    ] as const) {
      expect(issues({ [name]: value })).toEqual([expect.stringMatching(new RegExp(`^${name}:`))]);
      expect(() => parseWorkerConfig({ DATABASE_URL: NEON, [name]: value })).toThrow(ConfigError);
    }
  });
});
