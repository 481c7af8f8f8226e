// Configuration, parsed once from the environment (Node) or the bindings (Workers) by one zod schema, so that a
// bad value fails at start, not on a request.
import { z } from 'zod';

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

export const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
  ),
  ENGRAM_DATA_DIR: z.string().default('./.engram'),
  ENGRAM_API_KEY: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  ENGRAM_ADMIN_KEY: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  ENGRAM_AUTO_MIGRATE: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true' || value === '1')),
  ENGRAM_DB_ROLE: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/)
    .default('engram_app'),
  ENGRAM_MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(64 * 1024 * 1024)
    .default(6 * 1024 * 1024),
  /** Days a revoked memory is kept (for audit and undo) before the sweep purges it. */
  ENGRAM_REVOKED_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  ENGRAM_EMBEDDER: z.enum(['local', 'openai', 'workers-ai', 'fake', 'none']).default('local'),
  ENGRAM_EMBED_TIMEOUT_MS: z.coerce.number().int().min(10).max(60_000).default(1500),
});

export type EngramConfig = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`invalid configuration:\n  ${issues.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the configuration; the error names each bad variable and why, never its value. */
export function parseConfig(env: Record<string, string | undefined>): EngramConfig {
  const result = ConfigSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  return result.data;
}
