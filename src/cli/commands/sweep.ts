// `engram sweep [--batch-size N] [--max-batches N] [--max-seconds N] [--retention-days N]`: hard-delete expired
// memories and purge revoked ones past the retention, batch after batch, bounded in batches and time.
import type { EngramConfig } from '../../config/index.ts';
import type { MemoryStore } from '../../ports/store.ts';
import { runSweep, SWEEP_DEFAULTS, type SweepOptions, type SweepReport } from '../../services/sweep.ts';
import { parseFlags, UsageError } from '../args.ts';
import { COMMAND_HELP } from '../usage.ts';
import { withStore } from '../with-store.ts';

const USAGE = COMMAND_HELP.sweep.usage;

function integerFlag(name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new UsageError(`--${name} must be an integer from ${min} to ${max}\n${USAGE}`);
  return n;
}

/** The sweep options from the flags; the retention defaults to ENGRAM_REVOKED_RETENTION_DAYS. */
export function parseSweepFlags(
  argv: string[],
  config: Pick<EngramConfig, 'ENGRAM_REVOKED_RETENTION_DAYS'>,
): SweepOptions {
  const { positionals, values } = parseFlags(argv, {
    'batch-size': { type: 'string' },
    'max-batches': { type: 'string' },
    'max-seconds': { type: 'string' },
    'retention-days': { type: 'string' },
  });
  if (positionals.length > 0) throw new UsageError(USAGE);
  const maxSeconds = integerFlag('max-seconds', values['max-seconds'], 1, 86_400) ?? 300;
  return {
    batchSize: integerFlag('batch-size', values['batch-size'], 1, 5000) ?? SWEEP_DEFAULTS.batchSize,
    maxBatches: integerFlag('max-batches', values['max-batches'], 1, 1_000_000) ?? SWEEP_DEFAULTS.maxBatches,
    maxMillis: maxSeconds * 1000,
    revokedRetentionDays:
      integerFlag('retention-days', values['retention-days'], 0, 3650) ??
      config.ENGRAM_REVOKED_RETENTION_DAYS,
  };
}

/** Runs the sweep and prints what it did (counts only). */
export async function sweepAndReport(
  store: MemoryStore,
  options: SweepOptions,
  say: (line: string) => void,
): Promise<SweepReport> {
  const report = await runSweep(store, options);
  say(
    `swept ${report.expired} expired and ${report.revokedPurged} revoked memories (${report.embeddings} vectors) in ${report.batches} batches, ${(report.elapsedMs / 1000).toFixed(1)} s`,
  );
  if (!report.done) {
    say(
      report.skipped > 0
        ? `${report.skipped} rows were busy in another transaction; run again to finish`
        : 'stopped at the batch or time bound; run again to continue',
    );
  }
  return report;
}

export async function sweepCommand(
  config: EngramConfig,
  argv: string[],
  say: (line: string) => void,
): Promise<void> {
  const options = parseSweepFlags(argv, config);
  await withStore(config, (store) => sweepAndReport(store, options, say));
}
