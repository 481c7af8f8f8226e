// `engram extract --pending`: extracts durable memories from stored turns whose extraction timed out or failed at
// ingest (the configured extractor, ENGRAM_EXTRACTOR & co.), and writes them through the write gate, with vectors
// from the configured embedder (or pending, for the backfill, without one).
import { type EngramConfig, extractorConfigOf } from '../../config/index.ts';
import { createJsonLogger } from '../../core/logger.ts';
import { createExtractor } from '../../extract/factory.ts';
import { evaluateWrite } from '../../gate/index.ts';
import { type ExtractPendingOptions, runExtractPending } from '../../services/extract-pending.ts';
import { registerEmbedder } from '../../services/register-embedder.ts';
import { integerFlag, parseFlags, UsageError } from '../args.ts';
import { configuredEmbedder } from '../configured-embedder.ts';
import { COMMAND_HELP } from '../usage.ts';
import { withStore } from '../with-store.ts';

const USAGE = COMMAND_HELP.extract.usage;

export function parseExtractFlags(argv: string[]): ExtractPendingOptions {
  const { positionals, values } = parseFlags(argv, {
    pending: { type: 'boolean', default: false },
    'batch-size': { type: 'string' },
    'max-batches': { type: 'string' },
    'max-seconds': { type: 'string' },
    'max-attempts': { type: 'string' },
  });
  if (positionals.length > 0 || !values.pending) throw new UsageError(USAGE);
  const maxSeconds = integerFlag('max-seconds', values['max-seconds'], { min: 1, max: 86_400 }, USAGE);
  return {
    batchSize: integerFlag('batch-size', values['batch-size'], { min: 1, max: 1000 }, USAGE) ?? 200,
    maxBatches: integerFlag('max-batches', values['max-batches'], { min: 1, max: 10_000_000 }, USAGE),
    deadlineMs: maxSeconds === undefined ? undefined : maxSeconds * 1000,
    maxAttempts: integerFlag('max-attempts', values['max-attempts'], { min: 1, max: 100 }, USAGE) ?? 5,
  };
}

export async function extractCommand(
  config: EngramConfig,
  argv: string[],
  say: (line: string) => void,
): Promise<void> {
  const options = parseExtractFlags(argv);
  const logger = createJsonLogger();
  const extractor = createExtractor(extractorConfigOf(config), { logger });
  const { embedder, modelDefaults } = await configuredEmbedder(config, {});
  await withStore(config, async (store) => {
    if (embedder) await registerEmbedder(store, embedder, { defaults: modelDefaults, activate: true });
    const result = await runExtractPending(
      { store, gate: evaluateWrite, embedder, logger },
      extractor,
      options,
    );
    say(
      `extract ${extractor.model}: ${result.turns} turns read, ${result.written} memories written, ${result.rejected} rejected, in ${result.batches} batches`,
    );
    if (result.stoppedBy === 'extraction_failed') {
      say(
        `stopped: extraction failed (${result.failure}); ${result.attempted} turns counted an attempt, ${result.markedFailed} reached the limit and are failed`,
      );
    } else if (result.stoppedBy !== 'done') {
      say(
        `stopped at the ${result.stoppedBy === 'deadline' ? 'time' : 'batch'} limit; run again to continue`,
      );
    }
  });
}
