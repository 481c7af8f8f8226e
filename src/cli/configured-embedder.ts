// The embedder a CLI command uses: the one ENGRAM_EMBEDDER & co. configure, the local model loaded from disk (Node
// only), wrapped in the time budget. Shared by serve and the embedding jobs.

import type { Logger } from '../core/logger.ts';
import { embedderConfigFromEnv } from '../embedding/config.ts';
import { createEmbedder } from '../embedding/factory.ts';
import type { Embedder } from '../ports/embedder.ts';
import type { ModelDefaults } from '../ports/store.ts';

export interface ConfiguredEmbedder {
  embedder: Embedder;
  modelDefaults: ModelDefaults;
}

export async function configuredEmbedder(
  env: Readonly<Record<string, string | undefined>>,
  options: {
    say: (line: string) => void;
    /** Overrides ENGRAM_EMBED_TIMEOUT_MS: a batch job embeds a hundred texts per call, not one query. */
    timeoutMs?: number | undefined;
    /** Where call logs go (JSON lines on stderr by default); an eval passes a silent one. */
    logger?: Logger | undefined;
  },
): Promise<ConfiguredEmbedder> {
  const config = embedderConfigFromEnv(env);
  const modelDefaults: ModelDefaults = { threshold: null, fusion: null };
  const embedder = await createEmbedder(
    options.timeoutMs === undefined ? config : { ...config, timeoutMs: options.timeoutMs },
    {
      logger: options.logger,
      loadLocal: async () => {
        const local = await import('../embedding/local/index.ts');
        modelDefaults.threshold = local.LOCAL_MODEL_DEFAULT_THRESHOLD;
        modelDefaults.fusion = local.LOCAL_MODEL_DEFAULT_FUSION;
        return local.createLocalEmbedder({ onProgress: (line) => options.say(line) });
      },
    },
  );
  return { embedder, modelDefaults };
}
