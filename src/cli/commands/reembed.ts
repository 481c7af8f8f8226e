// `engram reembed --model ID`: migrates reads to another embedding model. Configure the new model (ENGRAM_EMBEDDER,
// ENGRAM_EMBED_MODEL, ENGRAM_EMBED_DIMENSIONS) and name it with --model; the command registers it, fills its
// vectors while reads stay on the current model, switches reads when every memory is covered, then drops the old
// vectors. Each run resumes where the last stopped. Typical: --no-cutover, `engram calibrate`, then --cutover.
import type { EngramConfig } from '../../config/index.ts';
import { formatProgress } from '../../services/job-budget.ts';
import { type ReembedOptions, type ReembedResult, runReembed } from '../../services/reembed.ts';
import { registerEmbedder } from '../../services/register-embedder.ts';
import { integerFlag, parseFlags, UsageError } from '../args.ts';
import { requiredEmbedder } from '../configured-embedder.ts';
import { COMMAND_HELP } from '../usage.ts';
import { withStore } from '../with-store.ts';

const USAGE = COMMAND_HELP.reembed.usage;

export interface ReembedRequest {
  model: string;
  options: ReembedOptions;
  embedTimeoutMs: number;
}

export function parseReembedFlags(argv: string[]): ReembedRequest {
  const { positionals, values } = parseFlags(argv, {
    model: { type: 'string' },
    cutover: { type: 'boolean', default: false },
    'no-cutover': { type: 'boolean', default: false },
    'batch-size': { type: 'string' },
    'max-batches': { type: 'string' },
    'max-seconds': { type: 'string' },
    'embed-timeout-ms': { type: 'string' },
  });
  if (positionals.length > 0 || !values.model) throw new UsageError(USAGE);
  if (values.cutover && values['no-cutover']) {
    throw new UsageError(`--cutover and --no-cutover exclude each other\n${USAGE}`);
  }
  const maxSeconds = integerFlag('max-seconds', values['max-seconds'], { min: 1, max: 86_400 }, USAGE);
  return {
    model: values.model,
    options: {
      batchSize: integerFlag('batch-size', values['batch-size'], { min: 1, max: 1000 }, USAGE) ?? 100,
      maxBatches: integerFlag('max-batches', values['max-batches'], { min: 1, max: 10_000_000 }, USAGE),
      deadlineMs: maxSeconds === undefined ? undefined : maxSeconds * 1000,
      cutover: values.cutover ? 'force' : values['no-cutover'] ? 'never' : 'auto',
    },
    embedTimeoutMs:
      integerFlag('embed-timeout-ms', values['embed-timeout-ms'], { min: 100, max: 600_000 }, USAGE) ??
      30_000,
  };
}

/** The closing lines of a run: where reads are, coverage, what is left to do. */
export function describeReembed(result: ReembedResult): string[] {
  const c = result.coverage;
  const lines = [
    `reembed ${result.model}: ${result.embedded} embedded, ${result.dropped} old vectors dropped in ${result.batches} batches, ${(result.elapsedMs / 1000).toFixed(1)} s (${result.rowsPerSecond}/s)`,
    `coverage ${c.covered}/${c.live} live memories${c.failed > 0 ? `, ${c.failed} failed (found lexically only)` : ''}${c.missing > 0 ? `, ${c.missing} missing` : ''}`,
  ];
  if (result.switched)
    lines.push(`reads now use ${result.model}${result.previous ? ` (was ${result.previous})` : ''}`);
  else if (result.status === 'backfilling')
    lines.push(`reads still use the active model; ${result.model} is backfilling`);
  if (result.stoppedBy === 'embedding_failed')
    lines.push(`stopped: a batch failed (${result.failure}); run again`);
  else if (result.stoppedBy === 'busy')
    lines.push('the switch waited too long for writes in flight; run again');
  else if (result.stoppedBy !== 'done')
    lines.push('stopped at the time or batch limit; run again to continue');
  return lines;
}

export async function reembedCommand(
  config: EngramConfig,
  argv: string[],
  say: (line: string) => void,
): Promise<void> {
  const request = parseReembedFlags(argv);
  const { embedder, modelDefaults } = await requiredEmbedder(config, {
    timeoutMs: request.embedTimeoutMs,
  });
  // --model guards against migrating to whatever the environment happens to configure.
  if (embedder.model !== request.model) {
    throw new UsageError(
      `--model ${request.model} is not the configured embedder (${embedder.model}): set ENGRAM_EMBEDDER, ENGRAM_EMBED_MODEL and ENGRAM_EMBED_DIMENSIONS for the new model`,
    );
  }
  await withStore(config, async (store) => {
    // Registration creates the model's HNSW index, which needs the table owner: this login, not the job's role.
    await registerEmbedder(store, embedder, { defaults: modelDefaults, activate: false });
    const result = await runReembed(store, embedder, {
      ...request.options,
      onProgress: (progress) => say(formatProgress(progress)),
    });
    for (const line of describeReembed(result)) say(line);
  });
}
