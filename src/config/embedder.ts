// The embedder's settings out of the one configuration: which provider, model, size and budget createEmbedder
// builds. The mapping holds no rules of its own; the schema checked them (src/config/schema.ts).
import { z } from 'zod';
import type { EmbedderConfig } from '../embedding/config.ts';
import { OPENAI_DEFAULT_MODEL } from '../embedding/openai.ts';
import { WORKERS_AI_DEFAULT_MODEL } from '../embedding/workers-ai.ts';
import { EmbedderConfigError, issueLines } from './errors.ts';
import { checkEmbedder, type EngramConfig, SETTINGS } from './schema.ts';

/** The settings an embedder reads. */
export type EmbedderSettings = Pick<
  EngramConfig,
  | 'ENGRAM_EMBEDDER'
  | 'ENGRAM_EMBED_MODEL'
  | 'ENGRAM_EMBED_DIMENSIONS'
  | 'ENGRAM_EMBED_TIMEOUT_MS'
  | 'ENGRAM_EMBED_BATCH_SIZE'
  | 'OPENAI_API_KEY'
  | 'OPENAI_BASE_URL'
>;

/** The embedder the settings configure; null for `none` (recall is lexical only, writes are stored pending). */
export function embedderConfigOf(settings: EmbedderSettings): EmbedderConfig | null {
  const timeoutMs = settings.ENGRAM_EMBED_TIMEOUT_MS;
  const dimensions = settings.ENGRAM_EMBED_DIMENSIONS;
  switch (settings.ENGRAM_EMBEDDER) {
    case 'none':
      return null;
    case 'local':
      return { provider: 'local', model: settings.ENGRAM_EMBED_MODEL, dimensions, timeoutMs };
    case 'openai':
      return {
        provider: 'openai',
        apiKey: settings.OPENAI_API_KEY,
        baseURL: settings.OPENAI_BASE_URL,
        model: settings.ENGRAM_EMBED_MODEL ?? OPENAI_DEFAULT_MODEL,
        dimensions,
        batchSize: settings.ENGRAM_EMBED_BATCH_SIZE,
        timeoutMs,
      };
    case 'workers-ai':
      return {
        provider: 'workers-ai',
        model: settings.ENGRAM_EMBED_MODEL ?? WORKERS_AI_DEFAULT_MODEL,
        dimensions,
        timeoutMs,
      };
    case 'fake':
      // The fake names its own model; a stray ENGRAM_EMBED_MODEL is ignored.
      return { provider: 'fake', dimensions: dimensions ?? 64, timeoutMs };
  }
}

const EmbedderSettingsSchema = z
  .object({
    ENGRAM_EMBEDDER: SETTINGS.ENGRAM_EMBEDDER,
    ENGRAM_EMBED_MODEL: SETTINGS.ENGRAM_EMBED_MODEL,
    ENGRAM_EMBED_DIMENSIONS: SETTINGS.ENGRAM_EMBED_DIMENSIONS,
    ENGRAM_EMBED_TIMEOUT_MS: SETTINGS.ENGRAM_EMBED_TIMEOUT_MS,
    ENGRAM_EMBED_BATCH_SIZE: SETTINGS.ENGRAM_EMBED_BATCH_SIZE,
    OPENAI_API_KEY: SETTINGS.OPENAI_API_KEY,
    OPENAI_BASE_URL: SETTINGS.OPENAI_BASE_URL,
  })
  .superRefine(checkEmbedder);

/**
 * The embedder of an environment, reading only the embedder's variables (the same fields and rules as the whole
 * schema): for tools and tests that build an embedder without a server. Throws EmbedderConfigError, also for
 * `none`, which configures no embedder to build.
 */
export function embedderConfigFromEnv(env: Readonly<Record<string, string | undefined>>): EmbedderConfig {
  const result = EmbedderSettingsSchema.safeParse(env);
  if (!result.success) throw new EmbedderConfigError(issueLines(result.error));
  const config = embedderConfigOf(result.data);
  if (!config) throw new EmbedderConfigError(['ENGRAM_EMBEDDER: none configures no embedder']);
  return config;
}
