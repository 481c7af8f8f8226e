// Tiny helpers for the CLI: parse flags with node:util and fail with a usage line.
import { type ParseArgsConfig, parseArgs } from 'node:util';

export class UsageError extends Error {
  override name = 'UsageError';
}

type Options = NonNullable<ParseArgsConfig['options']>;

function flagList(options: Options): string {
  const names = Object.keys(options).map((name) => `--${name}`);
  return names.length > 0 ? names.join(', ') : 'none';
}

/**
 * Parses `argv` strictly. An unknown flag is a usage error that lists the known ones (node's own message suggests
 * `--` for positionals, which is never what a mistyped flag means).
 */
export function parseFlags<T extends Options>(argv: string[], options: T) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      const flag = /'([^']+)'/.exec(error instanceof Error ? error.message : '')?.[1] ?? 'flag';
      throw new UsageError(`unknown flag ${flag}; known flags: ${flagList(options)}`);
    }
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** For a command that takes no flag and no argument: anything on its line is a usage error. */
export function noFlags(argv: string[], command: string): void {
  const { positionals } = parseFlags(argv, {});
  if (positionals.length > 0)
    throw new UsageError(`engram ${command} takes no arguments (got ${positionals[0]})`);
}

/** An optional integer flag in [min, max]; a usage error naming the flag otherwise. */
export function integerFlag(
  name: string,
  value: string | undefined,
  range: { min: number; max: number },
  usage: string,
): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isInteger(n) || n < range.min || n > range.max) {
    throw new UsageError(`--${name} must be an integer from ${range.min} to ${range.max}\n${usage}`);
  }
  return n;
}
