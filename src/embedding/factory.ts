// Builds the configured Embedder, wrapped in the time budget and call logging. The local model is injected, never
// imported here, so that the Worker bundle does not pull in code that reads a 300 MB file from disk.

import { EmbedderConfigError } from '../config/errors.ts';
import { createJsonLogger, type Logger } from '../core/logger.ts';
import type { Embedder } from '../ports/embedder.ts';
import type { EmbedderConfig } from './config.ts';
import { createDeterministicEmbedder } from './deterministic.ts';
import { createOpenAIEmbedder } from './openai.ts';
import { withTimeout } from './with-timeout.ts';
import { createWorkersAiEmbedder, type WorkersAiBinding } from './workers-ai.ts';

export type LocalEmbedderConfig = Extract<EmbedderConfig, { provider: 'local' }>;

export interface EmbedderDeps {
  /** The Workers AI binding (`env.AI`), read per request by the Worker entry. */
  ai?: WorkersAiBinding | undefined;
  /**
   * Builds the local embedder. Only the Node entry passes it, e.g.
   * `loadLocal: async (c) => (await import('../embedding/local/index.ts')).createLocalEmbedder(...)`.
   */
  loadLocal?: ((config: LocalEmbedderConfig) => Promise<Embedder>) | undefined;
  /** Where call logs go; JSON lines on stderr by default. */
  logger?: Logger | undefined;
}

/**
 * Creates the embedder named by `config.provider`, wrapped by `withTimeout` with `config.timeoutMs`.
 * Throws `EmbedderConfigError` when the runtime lacks what the provider needs (the AI binding, the local loader).
 */
export async function createEmbedder(config: EmbedderConfig, deps: EmbedderDeps = {}): Promise<Embedder> {
  const base = await createBase(config, deps);
  return withTimeout(base, { timeoutMs: config.timeoutMs, logger: deps.logger ?? createJsonLogger() });
}

async function createBase(config: EmbedderConfig, deps: EmbedderDeps): Promise<Embedder> {
  switch (config.provider) {
    case 'openai':
      return createOpenAIEmbedder({
        apiKey: config.apiKey,
        baseURL: config.baseURL,
        model: config.model,
        dimensions: config.dimensions,
        batchSize: config.batchSize,
      });
    case 'workers-ai':
      if (!deps.ai) throw new EmbedderConfigError(['ENGRAM_EMBEDDER: workers-ai needs the AI binding']);
      return createWorkersAiEmbedder({ ai: deps.ai, model: config.model, dimensions: config.dimensions });
    case 'fake':
      return createDeterministicEmbedder({ dimensions: config.dimensions });
    case 'local':
      if (!deps.loadLocal) {
        throw new EmbedderConfigError(['ENGRAM_EMBEDDER: local is only available in the Node server']);
      }
      return deps.loadLocal(config);
  }
}
