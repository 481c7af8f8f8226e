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
