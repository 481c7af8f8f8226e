// `engram backfill`: embeds the memories stored without a vector (the embedder was down or slow at write time)
// with the configured embedder, which must be the model that serves reads.
import type { EngramConfig } from '../../config/index.ts';
import { type BackfillOptions, runBackfill } from '../../services/backfill.ts';
import { formatProgress } from '../../services/job-budget.ts';
import { registerEmbedder } from '../../services/register-embedder.ts';
import { integerFlag, parseFlags, UsageError } from '../args.ts';
import { requiredEmbedder } from '../configured-embedder.ts';
import { COMMAND_HELP } from '../usage.ts';
import { withStore } from '../with-store.ts';

const USAGE = COMMAND_HELP.backfill.usage;

export interface BackfillRequest {
  options: BackfillOptions;
  retryFailed: boolean;
  embedTimeoutMs: number;
}

export function parseBackfillFlags(argv: string[]): BackfillRequest {
  const { positionals, values } = parseFlags(argv, {
    'batch-size': { type: 'string' },
    'max-batches': { type: 'string' },
    'max-seconds': { type: 'string' },
    'max-attempts': { type: 'string' },
    'retry-failed': { type: 'boolean', default: false },
    'embed-timeout-ms': { type: 'string' },
  });
  if (positionals.length > 0) throw new UsageError(USAGE);
  const maxSeconds = integerFlag('max-seconds', values['max-seconds'], { min: 1, max: 86_400 }, USAGE);
  return {
    options: {
      batchSize: integerFlag('batch-size', values['batch-size'], { min: 1, max: 1000 }, USAGE) ?? 100,
      maxBatches: integerFlag('max-batches', values['max-batches'], { min: 1, max: 10_000_000 }, USAGE),
      deadlineMs: maxSeconds === undefined ? undefined : maxSeconds * 1000,
      maxAttempts: integerFlag('max-attempts', values['max-attempts'], { min: 1, max: 100 }, USAGE) ?? 5,
    },
    retryFailed: values['retry-failed'],
    embedTimeoutMs:
      integerFlag('embed-timeout-ms', values['embed-timeout-ms'], { min: 100, max: 600_000 }, USAGE) ??
      30_000,
  };
}

export async function backfillCommand(
  config: EngramConfig,
  argv: string[],
  say: (line: string) => void,
): Promise<void> {
  const request = parseBackfillFlags(argv);
  const { embedder, modelDefaults } = await requiredEmbedder(config, {
    timeoutMs: request.embedTimeoutMs,
  });
  await withStore(config, async (store) => {
    // As the server does at start: a fresh database gets this model as the one that serves reads.
    await registerEmbedder(store, embedder, { defaults: modelDefaults, activate: true });
    if (request.retryFailed) {
      const retried = await store.withOperator((op) => op.retryFailedEmbeddings());
      say(`${retried} failed memories are pending again`);
    }
    const result = await runBackfill(store, embedder, {
      ...request.options,
      onProgress: (progress) => say(formatProgress(progress)),
    });
    say(
      `backfill ${result.model}: ${result.embedded} embedded in ${result.batches} batches, ${(result.elapsedMs / 1000).toFixed(1)} s (${result.rowsPerSecond}/s)`,
    );
    if (result.stoppedBy === 'embedding_failed') {
      say(
        `stopped: a batch failed (${result.failure}); ${result.attempted} memories counted an attempt, ${result.markedFailed} reached the limit and are failed (still found lexically)`,
      );
    } else if (result.stoppedBy !== 'done') {
      say(
        `stopped at the ${result.stoppedBy === 'deadline' ? 'time' : 'batch'} limit; run again to continue`,
      );
    }
  });
}
