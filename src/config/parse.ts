// Parses the settings of a Node process from its environment. Fails with every bad variable named, never valued.
import { ConfigError, issueLines } from './errors.ts';
import { ConfigSchema, type EngramConfig } from './schema.ts';

/** Parses the configuration; the error names each bad variable and why, never its value. */
export function parseConfig(env: Readonly<Record<string, string | undefined>>): EngramConfig {
  const result = ConfigSchema.safeParse(env);
  if (!result.success) throw new ConfigError(issueLines(result.error));
  return result.data;
}
