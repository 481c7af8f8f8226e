// Tiny helpers for the CLI: parse flags with node:util and fail with a usage line.
import { type ParseArgsConfig, parseArgs } from 'node:util';

export class UsageError extends Error {
  override name = 'UsageError';
}

export function parseFlags<T extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: T) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
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
