// The factory: picks the provider, wraps it in the time budget and logging, and keeps the local model injectable.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbedderConfigError, embedderConfigFromEnv } from '../../src/config/index.ts';
import { createJsonLogger, silentLogger } from '../../src/core/logger.ts';
import { createEmbedder, type LocalEmbedderConfig } from '../../src/embedding/factory.ts';
import { type Embedder, EmbeddingError } from '../../src/ports/embedder.ts';
import { type FakeOpenAIServer, startFakeOpenAIServer } from '../support/fake-openai-server.ts';

let server: FakeOpenAIServer;
beforeAll(async () => {
  server = await startFakeOpenAIServer();
});
afterAll(async () => {
  await server.close();
});

describe('createEmbedder', () => {
  it('builds the OpenAI provider from environment variables and logs its calls', async () => {
    const lines: string[] = [];
    const config = embedderConfigFromEnv({
      ENGRAM_EMBEDDER: 'openai',
      OPENAI_API_KEY: server.apiKey,
      OPENAI_BASE_URL: server.url,
      ENGRAM_EMBED_DIMENSIONS: '64',
    });
    const e = await createEmbedder(config, { logger: createJsonLogger((l) => lines.push(l)) });
    expect(e.model).toBe('openai/text-embedding-3-small@64');
    expect(await e.embedDocuments(['a', 'b'])).toHaveLength(2);
    expect(JSON.parse(lines[0]!)).toMatchObject({ provider: 'openai', outcome: 'ok', count: 2 });
  });

  it('applies the configured budget', async () => {
    server.setFault({ delay: 1000 });
    try {
      const config = embedderConfigFromEnv({
        ENGRAM_EMBEDDER: 'openai',
        OPENAI_API_KEY: server.apiKey,
        OPENAI_BASE_URL: server.url,
        ENGRAM_EMBED_TIMEOUT_MS: '100',
      });
      const e = await createEmbedder(config, { logger: silentLogger });
      const error = await e.embedQuery('x').catch((err: unknown) => err);
      expect((error as EmbeddingError).category).toBe('embedding_timeout');
    } finally {
      server.setFault(null);
    }
  });

  it('builds the fake', async () => {
    const e = await createEmbedder(
      { provider: 'fake', dimensions: 16, timeoutMs: 100 },
      { logger: silentLogger },
    );
    expect(e.model).toBe('fake/deterministic-16@1');
    expect(await e.embedQuery('x')).toHaveLength(16);
  });

  it('needs the AI binding for Workers AI', async () => {
    const config = embedderConfigFromEnv({ ENGRAM_EMBEDDER: 'workers-ai' });
    await expect(createEmbedder(config)).rejects.toBeInstanceOf(EmbedderConfigError);
    const ai = { run: async () => ({ shape: [1, 384], data: [new Array(384).fill(0.5)] }) };
    const e = await createEmbedder(config, { ai, logger: silentLogger });
    expect(await e.embedQuery('x')).toHaveLength(384);
  });

  it('uses the injected local loader, wrapped in the budget, and refuses local without one', async () => {
    const config = embedderConfigFromEnv({ ENGRAM_EMBEDDER: 'local', ENGRAM_EMBED_TIMEOUT_MS: '50' });
    await expect(createEmbedder(config)).rejects.toBeInstanceOf(EmbedderConfigError);

    const seen: LocalEmbedderConfig[] = [];
    const hanging: Embedder = {
      provider: 'local',
      model: 'local/test@1',
      dimensions: 2,
      version: '1',
      embedQuery: () => new Promise(() => {}),
      embedDocuments: () => new Promise(() => {}),
    };
    const e = await createEmbedder(config, {
      logger: silentLogger,
      loadLocal: async (c) => {
        seen.push(c);
        return hanging;
      },
    });
    expect(seen).toEqual([{ provider: 'local', timeoutMs: 50 }]);
    const error = await e.embedQuery('x').catch((err: unknown) => err);
    expect(error).toBeInstanceOf(EmbeddingError);
    expect((error as EmbeddingError).category).toBe('embedding_timeout');
  });

  it('keeps the local model out of every module the Worker bundle can reach', () => {
    // The Worker imports the factory; nothing under src/embedding outside local/ may import local/.
    const dir = join(import.meta.dirname, '../../src/embedding');
    const modules = readdirSync(dir).filter((f) => f.endsWith('.ts'));
    expect(modules).toContain('factory.ts');
    for (const file of modules) {
      // Comments may show how the Node entry loads it; only code counts.
      const source = readFileSync(join(dir, file), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\/\/.*$/gm, '');
      expect(source, file).not.toMatch(/(from|import\()\s*['"][^'"]*\/local(\/|['"])/);
    }
  });
});
