// The tenant ingest route: a conversation's turns become episode memories, each with its neighbours as search
// context.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { IngestRequestSchema, IngestResponseSchema } from '../../contract/index.ts';
import type { IngestService } from '../../services/ingest.ts';
import type { AppEnv } from '../env.ts';
import { errorResponses, json } from '../openapi.ts';
import { ingestRequestExample, ingestResponseExample } from '../openapi-examples.ts';

export function registerIngestRoutes(app: OpenAPIHono<AppEnv>, ingest: IngestService): void {
  app.openapi(
    createRoute({
      method: 'post',
      path: '/ingest',
      summary: 'Store a conversation: each turn an episode memory, its neighbours indexed as context',
      description:
        "Stores each turn of a conversation as an episode memory (through the write gate) and, with extract=auto, the durable memories the configured extractor reads from the user's turns. Needs memories:write; a rejected turn is an item with status rejected, not an error, and a failed extractor leaves extraction pending for the job to retry.",
      request: {
        body: { ...json(IngestRequestSchema, 'The turns, in order', ingestRequestExample), required: true },
      },
      responses: {
        200: json(IngestResponseSchema, 'One item per message, in order', ingestResponseExample),
        ...errorResponses,
      },
    }),
    async (c) => c.json(await ingest.ingest(c.get('principal'), c.req.valid('json')), 200),
  );
}
