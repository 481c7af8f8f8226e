// The recall route: hybrid search with post-ranking, a prompt-ready context block and explanations.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  IsoDateSchema,
  MemoryKindSchema,
  RecallModeSchema,
  SubjectSchema,
  TagSchema,
} from '../../core/schemas.ts';
import { RecallBudgetSchema } from '../../recall/index.ts';
import type { RecallService } from '../../services/recall.ts';
import type { AppEnv } from '../env.ts';
import { ErrorSchema } from '../schemas.ts';

export const RecallRequestSchema = z
  .object({
    subject: SubjectSchema,
    // Long inputs are cut to their first and last 400 chars before search; this only bounds the request.
    query: z.string().min(1).max(20_000),
    limit: z.number().int().min(1).max(50).optional(),
    kinds: z.array(MemoryKindSchema).min(1).max(6).optional(),
    tags: z.array(TagSchema).min(1).max(32).optional(),
    session: z.string().min(1).max(200).optional(),
    min_trust: z.number().int().min(0).max(3).optional(),
    min_importance: z.number().min(0).max(1).optional(),
    since: IsoDateSchema.optional(),
    until: IsoDateSchema.optional(),
    mode: RecallModeSchema.optional(),
    budget: RecallBudgetSchema.optional(),
    explain: z.boolean().optional(),
    language: z
      .string()
      .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/)
      .optional(),
  })
  .strict();

const WhySchema = z.object({
  lanes: z.array(z.enum(['vector', 'lexical'])),
  vector_similarity: z.number().nullable(),
  vector_rank: z.number().nullable(),
  lexical_rank: z.number().nullable(),
  rrf: z.number(),
  rrf_normalised: z.number(),
  recency: z.number(),
  threshold: z.number().nullable(),
  importance: z.number(),
  trust: z.number(),
});

export const RecallResponseSchema = z.object({
  items: z.array(
    z.object({
      id: z.uuid(),
      content: z.string(),
      kind: MemoryKindSchema,
      tags: z.array(z.string()),
      trust: z.number(),
      importance: z.number(),
      confidence: z.number(),
      created_at: z.string(),
      source: z.object({ type: z.string() }).passthrough(),
      score: z.number(),
      truncated: z.boolean(),
      in_context: z.boolean(),
      why: WhySchema.optional(),
    }),
  ),
  rules: z.array(
    z.object({
      id: z.uuid(),
      trigger: z.string(),
      content: z.string(),
      confidence: z.number(),
      action: z.enum(['apply', 'confirm', 'ask']),
    }),
  ),
  context: z.string(),
  degraded: z.object({ reason: z.string(), lanes: z.array(z.string()) }).nullable(),
  recall_id: z.uuid(),
  model: z.string().nullable(),
  timing_ms: z.object({ embed: z.number(), search: z.number(), total: z.number() }),
});

export function registerRecallRoutes(app: OpenAPIHono<AppEnv>, recall: RecallService): void {
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/recall',
      summary:
        'Recall memories for a query: hybrid search, ranked, trimmed to a budget, with a context block',
      request: { body: { content: { 'application/json': { schema: RecallRequestSchema } }, required: true } },
      responses: {
        200: {
          content: { 'application/json': { schema: RecallResponseSchema } },
          description: 'Recalled memories',
        },
        400: { content: { 'application/json': { schema: ErrorSchema } }, description: 'Invalid request' },
      },
    }),
    async (c) => c.json(await recall.recall(c.get('principal'), c.req.valid('json')), 200),
  );
}
