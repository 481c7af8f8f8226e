// Extractor configuration: one zod schema (the config module reads it from env or bindings; see docs/extraction.md
// for the proposed variable names). A bad value fails at start, not on an ingest.
import { z } from 'zod';
import { missingOfficialKey } from '../openai/client.ts';
import { CHAT_EXTRACT_DEFAULT_MODEL } from './model/chat-extractor.ts';
import { DEFAULT_EXTRACT_TIMEOUT_MS } from './with-budget.ts';

const TimeoutMs = z.int().min(1).max(120_000).default(DEFAULT_EXTRACT_TIMEOUT_MS);

export const ExtractorConfigSchema = z
  .discriminatedUnion('provider', [
    z.object({ provider: z.literal('offline'), timeoutMs: TimeoutMs }),
    z.object({
      provider: z.literal('openai'),
      apiKey: z.string().min(1).optional(),
      baseURL: z.url({ protocol: /^https?$/ }).optional(),
      model: z.string().min(1).default(CHAT_EXTRACT_DEFAULT_MODEL),
      output: z.enum(['json_schema', 'tool']).default('json_schema'),
      timeoutMs: TimeoutMs,
    }),
  ])
  .superRefine((config, ctx) => {
    if (config.provider === 'openai' && missingOfficialKey(config)) {
      ctx.addIssue({ code: 'custom', path: ['apiKey'], message: 'is required for api.openai.com' });
    }
  });

export type ExtractorConfig = z.infer<typeof ExtractorConfigSchema>;
export type ExtractorConfigInput = z.input<typeof ExtractorConfigSchema>;
