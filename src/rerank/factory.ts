// Builds the configured Reranker, wrapped in its time budget and call logging.
import { ConfigError } from '../config/errors.ts';
import { createJsonLogger, type Logger } from '../core/logger.ts';
import type { Reranker } from '../ports/reranker.ts';
import type { RerankerConfig } from './config.ts';
import { createHttpReranker } from './http.ts';
import { rerankWithTimeout } from './with-timeout.ts';
import { createWorkersAiReranker, type WorkersAiRunner, workersAiRestRunner } from './workers-ai.ts';

export interface RerankerDeps {
  /** The Workers AI binding (`env.AI`), when the Worker has one. */
  ai?: WorkersAiRunner | undefined;
  logger?: Logger | undefined;
  fetch?: typeof fetch;
}

/** @throws ConfigError when workers-ai has neither the AI binding nor REST credentials. */
export function createReranker(config: RerankerConfig, deps: RerankerDeps = {}): Reranker {
  const logger = deps.logger ?? createJsonLogger();
  return rerankWithTimeout(createBase(config, deps), { timeoutMs: config.timeoutMs, logger });
}

function createBase(config: RerankerConfig, deps: RerankerDeps): Reranker {
  if (config.provider === 'http')
    return createHttpReranker({
      url: config.url,
      model: config.model,
      apiKey: config.apiKey,
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    });
  const ai =
    deps.ai ??
    (config.rest
      ? workersAiRestRunner({ ...config.rest, ...(deps.fetch ? { fetch: deps.fetch } : {}) })
      : null);
  if (!ai)
    throw new ConfigError([
      'ENGRAM_RERANKER: workers-ai needs the AI binding or ENGRAM_RERANK_ACCOUNT_ID and ENGRAM_RERANK_API_KEY',
    ]);
  return createWorkersAiReranker({ ai, model: config.model });
}
