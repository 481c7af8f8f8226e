// The embedder a CLI command uses: the one ENGRAM_EMBEDDER & co. configure, the local model loaded from disk (Node
// only), wrapped in the time budget. Shared by serve and the embedding jobs.
import { embedderConfigFromEnv } from '../embedding/config.ts';
import { createEmbedder } from '../embedding/factory.ts';
import type { Embedder } from '../ports/embedder.ts';

export interface ConfiguredEmbedder {
  embedder: Embedder;
  /** The model's shipped threshold (the local model has one), used when it is registered for the first time. */
  defaultThreshold: number | null;
}

export async function configuredEmbedder(
  env: Readonly<Record<string, string | undefined>>,
  options: {
    say: (line: string) => void;
    /** Overrides ENGRAM_EMBED_TIMEOUT_MS: a batch job embeds a hundred texts per call, not one query. */
    timeoutMs?: number | undefined;
  },
): Promise<ConfiguredEmbedder> {
  const config = embedderConfigFromEnv(env);
  let defaultThreshold: number | null = null;
  const embedder = await createEmbedder(
    options.timeoutMs === undefined ? config : { ...config, timeoutMs: options.timeoutMs },
    {
      loadLocal: async () => {
        const local = await import('../embedding/local/index.ts');
        defaultThreshold = local.LOCAL_MODEL_DEFAULT_THRESHOLD;
        return local.createLocalEmbedder({ onProgress: (line) => options.say(line) });
      },
    },
  );
  return { embedder, defaultThreshold };
}
