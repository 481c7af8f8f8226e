// Embedder configuration: one zod schema, and its reading from environment variables (fails fast on bad values).
import { z } from 'zod';
import { OPENAI_DEFAULT_BASE_URL, OPENAI_DEFAULT_MODEL, OPENAI_NATIVE_DIMENSIONS } from './openai.ts';
import { DEFAULT_EMBED_TIMEOUT_MS } from './with-timeout.ts';
import { WORKERS_AI_DEFAULT_MODEL, WORKERS_AI_DIMENSIONS } from './workers-ai.ts';

// pgvector stores up to 16000 dimensions; anything larger is a typo.
const Dimensions = z.int().min(1).max(16_000);
const TimeoutMs = z.int().min(1).max(120_000).default(DEFAULT_EMBED_TIMEOUT_MS);

export const EmbedderConfigSchema = z
  .discriminatedUnion('provider', [
    z.object({
      provider: z.literal('local'),
      model: z.string().min(1).optional(),
      dimensions: Dimensions.optional(),
      timeoutMs: TimeoutMs,
    }),
    z.object({
      provider: z.literal('openai'),
      apiKey: z.string().min(1).optional(),
      baseURL: z.url({ protocol: /^https?$/ }).optional(),
      model: z.string().min(1).default(OPENAI_DEFAULT_MODEL),
      dimensions: Dimensions.optional(),
      batchSize: z.int().min(1).max(2048).default(96),
      timeoutMs: TimeoutMs,
    }),
    z.object({
      provider: z.literal('workers-ai'),
      model: z.string().min(1).default(WORKERS_AI_DEFAULT_MODEL),
      dimensions: Dimensions.optional(),
      timeoutMs: TimeoutMs,
    }),
    z.object({
      provider: z.literal('fake'),
      dimensions: Dimensions.default(64),
      timeoutMs: TimeoutMs,
    }),
  ])
  .superRefine((config, ctx) => {
    if (config.provider === 'openai') {
      const official = (config.baseURL ?? OPENAI_DEFAULT_BASE_URL) === OPENAI_DEFAULT_BASE_URL;
      if (official && !config.apiKey) {
        ctx.addIssue({ code: 'custom', path: ['apiKey'], message: 'is required for api.openai.com' });
      }
      if (config.dimensions === undefined && OPENAI_NATIVE_DIMENSIONS[config.model] === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['dimensions'],
          message: `is required for model ${config.model}`,
        });
      }
    }
    if (
      config.provider === 'workers-ai' &&
      config.dimensions === undefined &&
      WORKERS_AI_DIMENSIONS[config.model] === undefined
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['dimensions'],
        message: `is required for model ${config.model}`,
      });
    }
  });

export type EmbedderConfig = z.infer<typeof EmbedderConfigSchema>;
export type EmbedderConfigInput = z.input<typeof EmbedderConfigSchema>;

/** Thrown at start-up on a bad embedder setting; the message names the variables, never their values. */
export class EmbedderConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmbedderConfigError';
  }
}

const ENV_NAMES: Record<string, string> = {
  provider: 'ENGRAM_EMBEDDER',
  apiKey: 'OPENAI_API_KEY',
  baseURL: 'OPENAI_BASE_URL',
  model: 'ENGRAM_EMBED_MODEL',
  dimensions: 'ENGRAM_EMBED_DIMENSIONS',
  timeoutMs: 'ENGRAM_EMBED_TIMEOUT_MS',
  batchSize: 'ENGRAM_EMBED_BATCH_SIZE',
};

/**
 * Reads `ENGRAM_EMBEDDER` (local | openai | workers-ai | fake; default local), `OPENAI_API_KEY`, `OPENAI_BASE_URL`,
 * `ENGRAM_EMBED_MODEL`, `ENGRAM_EMBED_DIMENSIONS`, `ENGRAM_EMBED_TIMEOUT_MS` (default 1500) and
 * `ENGRAM_EMBED_BATCH_SIZE`. Empty strings count as unset. Throws `EmbedderConfigError` on any bad value.
 */
export function embedderConfigFromEnv(env: Readonly<Record<string, string | undefined>>): EmbedderConfig {
  const value = (name: string) => (env[name] === '' ? undefined : env[name]);
  const provider = value('ENGRAM_EMBEDDER') ?? 'local';
  const input: Record<string, unknown> = {
    provider,
    model: value('ENGRAM_EMBED_MODEL'),
    dimensions: integer(value('ENGRAM_EMBED_DIMENSIONS')),
    timeoutMs: integer(value('ENGRAM_EMBED_TIMEOUT_MS')),
  };
  if (provider === 'openai') {
    input.apiKey = value('OPENAI_API_KEY');
    input.baseURL = value('OPENAI_BASE_URL');
    input.batchSize = integer(value('ENGRAM_EMBED_BATCH_SIZE'));
  }
  // The fake names its own model; a stray ENGRAM_EMBED_MODEL must not make the config fail.
  if (provider === 'fake') delete input.model;
  return parseEmbedderConfig(input);
}

/** Validates a config object (e.g. built from Worker bindings); throws `EmbedderConfigError` naming the variables. */
export function parseEmbedderConfig(input: unknown): EmbedderConfig {
  const result = EmbedderConfigSchema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const key = String(issue.path[0] ?? 'provider');
    return `${ENV_NAMES[key] ?? key}: ${issue.message}`;
  });
  throw new EmbedderConfigError(`invalid embedder configuration: ${problems.join('; ')}`);
}

/** Digits only: "1e3", "12ms" or "-5" become NaN so that the schema rejects them instead of guessing. */
function integer(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
}
