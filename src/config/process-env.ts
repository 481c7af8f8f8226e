// The Node process's configuration: the one module that reads process.env, parsed once, on first use.
import { parseConfig } from './parse.ts';
import type { EngramConfig } from './schema.ts';

let parsed: EngramConfig | undefined;

/** This process's settings; throws ConfigError (naming each bad variable, never its value) on the first call. */
export function processConfig(): EngramConfig {
  parsed ??= parseConfig(process.env);
  return parsed;
}
