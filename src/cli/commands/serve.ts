// `engram serve` (`npm start`): the Node server with the configured embedder (local by default) and the gate.
import type { EngramConfig } from '../../config.ts';
import { createJsonLogger } from '../../core/logger.ts';
import { embedderConfigFromEnv } from '../../embedding/config.ts';
import { createEmbedder } from '../../embedding/factory.ts';
import { evaluateWrite } from '../../gate/index.ts';
import { startNodeServer } from '../../server/node-server.ts';

export async function serveCommand(config: EngramConfig, say: (line: string) => void): Promise<void> {
  const logger = createJsonLogger();
  const embedderConfig = embedderConfigFromEnv(process.env);
  let defaultThreshold: number | null = null;
  const embedder = await createEmbedder(embedderConfig, {
    loadLocal: async () => {
      // Node only: the local model reads its word vectors from disk (never part of the Worker bundle).
      const local = await import('../../embedding/local/index.ts');
      defaultThreshold = local.LOCAL_MODEL_DEFAULT_THRESHOLD;
      return local.createLocalEmbedder({ onProgress: (line) => say(line) });
    },
  });
  const server = await startNodeServer({
    config,
    gate: evaluateWrite,
    embedder,
    defaultThreshold,
    logger,
    say,
  });
  const stop = async () => {
    say('shutting down');
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
