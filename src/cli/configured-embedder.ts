// The embedder a CLI command uses: the one the configuration names (ENGRAM_EMBEDDER & co.), the local model loaded
// from disk (Node only), wrapped in the time budget. Shared by serve and the embedding jobs.
import { type EngramConfig, embedderConfigOf } from '../config/index.ts';
import type { Logger } from '../core/logger.ts';
import { createEmbedder } from '../embedding/factory.ts';
import { localModelOf } from '../embedding/local-models.ts';
import type { Embedder } from '../ports/embedder.ts';
import type { ModelDefaults } from '../ports/store.ts';
import { UsageError } from './args.ts';

export interface ConfiguredEmbedder {
  /** Null for ENGRAM_EMBEDDER=none. */
  embedder: Embedder | null;
  modelDefaults: ModelDefaults;
}

export async function configuredEmbedder(
  config: EngramConfig,
  options: {
    /** Overrides ENGRAM_EMBED_TIMEOUT_MS: a batch job embeds a hundred texts per call, not one query. */
    timeoutMs?: number | undefined;
    /** Where call logs go (JSON lines on stderr by default); an eval passes a silent one. */
    logger?: Logger | undefined;
  },
): Promise<ConfiguredEmbedder> {
  const settings = embedderConfigOf(config);
  const modelDefaults: ModelDefaults = { threshold: null, fusion: null };
  if (!settings) return { embedder: null, modelDefaults };
  const embedder = await createEmbedder(
    options.timeoutMs === undefined ? settings : { ...settings, timeoutMs: options.timeoutMs },
    {
      logger: options.logger,
      loadLocal: async (local) => {
        // Progress of the first start's cache build is a log, not a result: stderr, like every log line.
        const words = {
          cacheDir: config.ENGRAM_CACHE_DIR,
          onProgress: (line: string) => console.error(line),
        };
        if (localModelOf(local.model) === 'use-lite+wink-sif') {
          const sentence = await import('../embedding/sentence/index.ts');
          Object.assign(modelDefaults, sentence.BLEND_MODEL_DEFAULTS);
          return sentence.createBlendEmbedder(words);
        }
        const wordVectors = await import('../embedding/local/index.ts');
        modelDefaults.threshold = wordVectors.LOCAL_MODEL_DEFAULT_THRESHOLD;
        modelDefaults.fusion = wordVectors.LOCAL_MODEL_DEFAULT_FUSION;
        return wordVectors.createLocalEmbedder(words);
      },
    },
  );
  return { embedder, modelDefaults };
}

/** An embedder a command cannot run without (backfill, reembed, calibrate, eval). */
export interface RequiredEmbedder {
  embedder: Embedder;
  modelDefaults: ModelDefaults;
}

/** The embedder of a command that cannot run without one; a usage error for ENGRAM_EMBEDDER=none. */
export async function requiredEmbedder(
  config: EngramConfig,
  options: Parameters<typeof configuredEmbedder>[1],
): Promise<RequiredEmbedder> {
  const { embedder, modelDefaults } = await configuredEmbedder(config, options);
  if (!embedder) throw new UsageError('this command needs an embedder; ENGRAM_EMBEDDER is none');
  return { embedder, modelDefaults };
}
