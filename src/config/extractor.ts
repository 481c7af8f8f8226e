// The extractor's settings out of the one configuration (ENGRAM_EXTRACTOR & co.): what createExtractor builds.
import type { ExtractorConfig } from '../extract/config.ts';
import { CHAT_EXTRACT_DEFAULT_MODEL } from '../extract/model/chat-extractor.ts';
import { DEFAULT_EXTRACT_TIMEOUT_MS } from '../extract/with-budget.ts';
import type { EngramConfig } from './schema.ts';

export function extractorConfigOf(config: EngramConfig): ExtractorConfig {
  const timeoutMs = config.ENGRAM_EXTRACT_TIMEOUT_MS ?? DEFAULT_EXTRACT_TIMEOUT_MS;
  if (config.ENGRAM_EXTRACTOR === 'offline') return { provider: 'offline', timeoutMs };
  return {
    provider: 'openai',
    apiKey: config.ENGRAM_EXTRACT_API_KEY,
    baseURL: config.ENGRAM_EXTRACT_BASE_URL,
    model: config.ENGRAM_EXTRACT_MODEL ?? CHAT_EXTRACT_DEFAULT_MODEL,
    output: config.ENGRAM_EXTRACT_OUTPUT ?? 'json_schema',
    timeoutMs,
  };
}
