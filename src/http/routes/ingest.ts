// The ingest route: a conversation's turns become episode memories, each with its neighbours as search context.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { IsoDateSchema, SubjectSchema } from '../../core/schemas.ts';
import type { IngestService } from '../../services/ingest.ts';
import type { AppEnv } from '../env.ts';
import { ErrorSchema } from '../schemas.ts';

/** Caps keep `speaker: text` within a memory's 8000 chars. */
export const IngestMessageSchema = z
  .object({
    speaker: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[^\p{Cc}]+$/u, 'must not contain control characters'),
    text: z.string().min(1).max(7800),
    at: IsoDateSchema.optional(),
    id: z.string().min(1).max(200).optional(),
  })
  .strict();

export const IngestRequestSchema = z
  .object({
    subject: SubjectSchema,
    session: z.string().min(1).max(200),
    messages: z.array(IngestMessageSchema).min(1).max(500),
  })
  .strict();

export const IngestResponseSchema = z.object({
  items: z.array(
    z.object({
      id: z.uuid().nullable(),
      status: z.enum(['created', 'duplicate', 'rejected']),
      reasons: z.array(z.object({ code: z.string(), message: z.string() })).optional(),
    }),
  ),
});

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
});

export function registerIngestRoutes(app: OpenAPIHono<AppEnv>, ingest: IngestService): void {
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/ingest',
      summary: 'Store a conversation: each turn an episode memory, its neighbours indexed as context',
      request: { body: { ...json(IngestRequestSchema, 'The turns, in order'), required: true } },
      responses: {
        200: json(IngestResponseSchema, 'One item per message, in order'),
        400: json(ErrorSchema, 'Invalid request'),
        401: json(ErrorSchema, 'Missing or bad credentials'),
        403: json(ErrorSchema, 'Not allowed'),
      },
    }),
    async (c) => c.json(await ingest.ingest(c.get('principal'), c.req.valid('json')), 200),
  );
}
