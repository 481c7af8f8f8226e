// The Node process's configuration: the one module that reads process.env, parsed once, on first use.
import { parseConfig } from './parse.ts';
import type { EngramConfig } from './schema.ts';

let parsed: EngramConfig | undefined;

/** This process's settings; throws ConfigError (naming each bad variable, never its value) on the first call. */
export function processConfig(): EngramConfig {
  parsed ??= parseConfig(process.env);
  return parsed;
}

/** This process's environment with `overrides`: what a benchmark passes to the CLI it runs as a child process. */
export function childEnvironment(overrides: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...overrides };
}
