// The extractor config schema and factory: defaults, refusals at start, and the budget around every extractor.
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/core/logger.ts';
import { ExtractorConfigSchema } from '../../src/extract/config.ts';
import { createExtractor } from '../../src/extract/factory.ts';
import { OFFLINE_EXTRACTOR_MODEL } from '../../src/extract/offline/index.ts';
import { DEFAULT_EXTRACT_TIMEOUT_MS } from '../../src/extract/with-budget.ts';

describe('extractor config', () => {
  it('defaults to an 8 s budget and the JSON-schema output', () => {
    expect(ExtractorConfigSchema.parse({ provider: 'offline' })).toEqual({
      provider: 'offline',
      timeoutMs: 8000,
    });
    expect(DEFAULT_EXTRACT_TIMEOUT_MS).toBe(8000);
    expect(
      ExtractorConfigSchema.parse({
        provider: 'openai',
        baseURL: 'http://127.0.0.1:11434/v1',
        model: 'qwen2.5:7b',
      }),
    ).toEqual({
      provider: 'openai',
      baseURL: 'http://127.0.0.1:11434/v1',
      model: 'qwen2.5:7b',
      output: 'json_schema',
      timeoutMs: 8000,
    });
  });

  it('refuses api.openai.com without a key, bad URLs and budgets, naming the field', () => {
    const issues = (input: unknown) =>
      ExtractorConfigSchema.safeParse(input).error?.issues.map((i) => i.path.join('.'));
    expect(issues({ provider: 'openai' })).toEqual(['apiKey']);
    expect(issues({ provider: 'openai', baseURL: 'ftp://x', apiKey: 'k' })).toEqual(['baseURL']);
    expect(issues({ provider: 'offline', timeoutMs: 0 })).toEqual(['timeoutMs']);
    expect(issues({ provider: 'regex' })).toEqual(['provider']);
  });
});

describe('createExtractor', () => {
  it('builds the offline extractor inside the budget', async () => {
    const extractor = createExtractor(ExtractorConfigSchema.parse({ provider: 'offline' }), {
      logger: silentLogger,
    });
    expect(extractor.model).toBe(OFFLINE_EXTRACTOR_MODEL);
    const { proposals } = await extractor.extract({
      session: 's',
      turns: [{ index: 0, role: 'user', text: '记住我不吃香菜' }],
    });
    expect(proposals.map((p) => p.content)).toEqual(['不吃香菜']);
  });

  it('builds the chat extractor for a configured server', () => {
    const extractor = createExtractor(
      ExtractorConfigSchema.parse({ provider: 'openai', baseURL: 'http://127.0.0.1:9/v1', model: 'm' }),
      { logger: silentLogger },
    );
    expect([extractor.provider, extractor.model]).toEqual(['openai', 'openai/m@extract-v1']);
  });
});
