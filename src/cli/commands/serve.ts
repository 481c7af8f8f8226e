// `engram serve` (`npm start`): the Node server with the configured embedder (local by default) and the gate.
import type { EngramConfig } from '../../config/index.ts';
import { createJsonLogger } from '../../core/logger.ts';
import { evaluateWrite } from '../../gate/index.ts';
import { startNodeServer } from '../../server/node-server.ts';
import { configuredEmbedder } from '../configured-embedder.ts';

export async function serveCommand(config: EngramConfig, say: (line: string) => void): Promise<void> {
  const logger = createJsonLogger();
  const { embedder, modelDefaults } = await configuredEmbedder(config, {});
  const server = await startNodeServer({
    config,
    gate: evaluateWrite,
    embedder,
    modelDefaults,
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
