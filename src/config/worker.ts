// The Worker's configuration from its bindings: the one schema, the Worker's default embedder (openai) and the
// rules only a Worker has (a database binding or secret, no local model, the AI binding for Workers AI).
import type { EmbedderConfig } from '../embedding/config.ts';
import { embedderConfigOf } from './embedder.ts';
import { ConfigError, issueLines } from './errors.ts';
import { ConfigSchema, type EngramConfig } from './schema.ts';

export type WorkerSettings = EngramConfig;

export interface WorkerConfig {
  settings: WorkerSettings;
  /** Null when ENGRAM_EMBEDDER=none: recall is lexical only and writes are stored without vectors. */
  embedder: EmbedderConfig | null;
}

/**
 * Parses the Worker's bindings. Vars declared as numbers in wrangler.toml arrive as numbers, so scalars are read
 * as text before validation. Throws `ConfigError` listing every bad binding, embedder settings included, so one
 * deploy shows every problem.
 */
export function parseWorkerConfig(env: Readonly<Record<string, unknown>>): WorkerConfig {
  const vars: Record<string, string | undefined> = { ENGRAM_EMBEDDER: 'openai', ...textVars(env) };
  const issues: string[] = [];
  const local = vars.ENGRAM_EMBEDDER === 'local';
  // The Node-only local model is refused here rather than failing on the first request that embeds.
  if (local) issues.push('ENGRAM_EMBEDDER: local runs only in the Node server; use openai or workers-ai');
  if (vars.ENGRAM_EMBEDDER === 'workers-ai' && (typeof env.AI !== 'object' || env.AI === null)) {
    issues.push('ENGRAM_EMBEDDER: workers-ai needs the AI binding ([ai] binding = "AI" in wrangler.toml)');
  }
  if (vars.DATABASE_URL === undefined && env.HYPERDRIVE === undefined)
    issues.push('DATABASE_URL: set the DATABASE_URL secret or bind HYPERDRIVE');
  const parsed = ConfigSchema.safeParse({ ...vars, HYPERDRIVE: env.HYPERDRIVE });
  if (!parsed.success) issues.push(...issueLines(parsed.error));
  if (issues.length > 0 || !parsed.success) throw new ConfigError(issues);
  return { settings: parsed.data, embedder: embedderConfigOf(parsed.data) };
}

/**
 * String and number bindings as text; other bindings (AI, HYPERDRIVE, objects) are left out. An empty var counts
 * as unset, as in the Node server's environment.
 */
function textVars(env: Readonly<Record<string, unknown>>): Record<string, string | undefined> {
  const vars: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(env)) {
    if (typeof value === 'string' && value.trim() !== '') vars[name] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') vars[name] = String(value);
  }
  return vars;
}
