// `engram vector-indexes [--min-rows 5000] [--limit 1000] [--global on|off]`: the job that gives each large subject
// its own HNSW index (issue 18 item 2), so that the models' global indexes can go (engram.set_global_vector_index).
import type { EngramConfig } from '../../config/index.ts';
import { parseFlags, UsageError } from '../args.ts';
import { COMMAND_HELP } from '../usage.ts';
import { withStore } from '../with-store.ts';

const USAGE = COMMAND_HELP['vector-indexes'].usage;

function integerFlag(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 100_000_000)
    throw new UsageError(`--${name} must be a positive integer\n${USAGE}`);
  return n;
}

/** Builds the missing per-subject indexes and prints how many (counts only). */
export async function vectorIndexesCommand(
  config: EngramConfig,
  argv: string[],
  say: (line: string) => void,
): Promise<void> {
  const { positionals, values } = parseFlags(argv, {
    'min-rows': { type: 'string' },
    limit: { type: 'string' },
    global: { type: 'string' },
  });
  if (positionals.length > 0) throw new UsageError(USAGE);
  const minRows = integerFlag('min-rows', values['min-rows'], 5000);
  const limit = integerFlag('limit', values.limit, 1000);
  const global = values.global;
  if (global !== undefined && global !== 'on' && global !== 'off')
    throw new UsageError(`--global must be on or off\n${USAGE}`);
  const started = Date.now();
  await withStore(config, async (store) => {
    // The subject indexes first: a large subject whose global index is dropped before its own exists is searched
    // exactly (correct, slower) in between.
    const built = await store.buildSubjectVectorIndexes({ minRows, limit });
    say(`built ${built} subject vector indexes in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (global === undefined) return;
    const indexed = await store.setGlobalVectorIndexes(global === 'on');
    say(`global vector indexes ${global}: ${indexed} models have one`);
  });
}
