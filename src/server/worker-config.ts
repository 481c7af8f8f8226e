// Configuration of the Worker, parsed from its bindings by one zod schema: which database driver, which embedder,
// the operator key, and the bounds of the scheduled jobs. Errors name the binding and the problem, never its value.
import { z } from 'zod';
import { ConfigError, ConfigSchema } from '../config.ts';
import { type EmbedderConfig, EmbedderConfigError, embedderConfigFromEnv } from '../embedding/config.ts';

/** The Hyperdrive binding's one field the Worker reads. */
const HyperdriveSchema = z.object({ connectionString: z.string().regex(/^postgres(ql)?:\/\//) });

const positiveInt = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

export const WorkerConfigSchema = ConfigSchema.pick({
  DATABASE_URL: true,
  ENGRAM_ADMIN_KEY: true,
  ENGRAM_DB_ROLE: true,
  ENGRAM_MAX_BODY_BYTES: true,
  ENGRAM_REVOKED_RETENTION_DAYS: true,
  SUPABASE_JWT_SECRET: true,
  SUPABASE_JWKS_URL: true,
  SUPABASE_JWT_ISSUER: true,
  SUPABASE_JWT_AUDIENCE: true,
  ENGRAM_JWT_TENANT_CLAIM: true,
  ENGRAM_JWT_CLOCK_SKEW_S: true,
})
  .extend({
    HYPERDRIVE: HyperdriveSchema.optional(),
    /** Development and tests only: a WebSocket-to-TCP proxy (`host:port/path`) in front of a non-Neon Postgres. */
    ENGRAM_NEON_WS_PROXY: z
      .string()
      .regex(/^[^/:]+:\d+(\/\S*)?$/, 'must be host:port/path, without a scheme')
      .optional(),
    // The Node-only local model is refused here rather than failing on the first request that embeds.
    ENGRAM_EMBEDDER: z.enum(['openai', 'workers-ai', 'fake', 'none']).default('openai'),
    /** Wall-clock budget of one scheduled job; Cron Triggers allow minutes, a job stops well before. */
    ENGRAM_JOB_BUDGET_MS: positiveInt(100, 600_000, 25_000),
    /** Rows one scheduled job touches per batch. */
    ENGRAM_JOB_BATCH_SIZE: positiveInt(1, 1_000, 100),
  })
  .refine((config) => config.DATABASE_URL !== undefined || config.HYPERDRIVE !== undefined, {
    message: 'set the DATABASE_URL secret or bind HYPERDRIVE',
    path: ['DATABASE_URL'],
  });

export type WorkerSettings = z.infer<typeof WorkerConfigSchema>;

export interface WorkerConfig {
  settings: WorkerSettings;
  /** Null when ENGRAM_EMBEDDER=none: recall is lexical only and writes are stored without vectors. */
  embedder: EmbedderConfig | null;
}

/**
 * Parses the Worker's bindings. Vars declared as numbers in wrangler.toml arrive as numbers, so scalars are read
 * as text before validation. Throws `ConfigError` listing every bad binding.
 */
export function parseWorkerConfig(env: Readonly<Record<string, unknown>>): WorkerConfig {
  const vars = textVars(env);
  const issues: string[] = [];
  if (vars.ENGRAM_EMBEDDER === 'local') {
    issues.push('ENGRAM_EMBEDDER: local runs only in the Node server; use openai or workers-ai');
  }
  if (vars.ENGRAM_EMBEDDER === 'workers-ai' && (typeof env.AI !== 'object' || env.AI === null)) {
    issues.push('ENGRAM_EMBEDDER: workers-ai needs the AI binding ([ai] binding = "AI" in wrangler.toml)');
  }
  const parsed = WorkerConfigSchema.safeParse({ ...vars, HYPERDRIVE: env.HYPERDRIVE });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      if (issue.path[0] === 'ENGRAM_EMBEDDER' && vars.ENGRAM_EMBEDDER === 'local') continue;
      issues.push(`${issue.path.join('.')}: ${issue.message}`);
    }
  }
  // Embedder settings are checked even when other bindings are bad, so one deploy shows every problem.
  const provider = vars.ENGRAM_EMBEDDER ?? 'openai';
  let embedder: EmbedderConfig | null = null;
  if (provider === 'openai' || provider === 'workers-ai' || provider === 'fake') {
    try {
      embedder = embedderConfigFromEnv({ ...vars, ENGRAM_EMBEDDER: provider });
    } catch (error) {
      if (!(error instanceof EmbedderConfigError)) throw error;
      issues.push(error.message);
    }
  }
  if (issues.length > 0 || !parsed.success) throw new ConfigError(issues);
  return { settings: parsed.data, embedder };
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
