// Builds the configured Extractor, wrapped in the time budget and call logging.
import { createJsonLogger, type Logger } from '../core/logger.ts';
import type { Extractor } from '../ports/extractor.ts';
import type { ExtractorConfig } from './config.ts';
import { createChatExtractor } from './model/chat-extractor.ts';
import { createOfflineExtractor } from './offline/index.ts';
import { withExtractionBudget } from './with-budget.ts';

/** Creates the extractor named by `config.provider`, wrapped by `withExtractionBudget` with `config.timeoutMs`. */
export function createExtractor(
  config: ExtractorConfig,
  deps: { logger?: Logger | undefined } = {},
): Extractor {
  const base =
    config.provider === 'openai'
      ? createChatExtractor({
          apiKey: config.apiKey,
          baseURL: config.baseURL,
          model: config.model,
          output: config.output,
        })
      : createOfflineExtractor();
  return withExtractionBudget(base, {
    timeoutMs: config.timeoutMs,
    logger: deps.logger ?? createJsonLogger(),
  });
}
