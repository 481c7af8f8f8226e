// The tenant recall route: hybrid search with post-ranking, a prompt-ready context block and explanations.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { ErrorSchema, RecallRequestSchema, RecallResponseSchema } from '../../contract/index.ts';
import type { RecallService } from '../../services/recall.ts';
import type { AppEnv } from '../env.ts';
import { json } from '../openapi.ts';
import { recallRequestExample, recallResponseExample } from '../openapi-examples.ts';

export function registerRecallRoutes(app: OpenAPIHono<AppEnv>, recall: RecallService): void {
  app.openapi(
    createRoute({
      method: 'post',
      path: '/recall',
      summary:
        'Recall memories for a query: hybrid search, ranked, trimmed to a budget, with a context block',
      description:
        "Searches the subject's live memories by meaning and by words, fuses and ranks them, trims them to the budget and returns a prompt-ready `context` block, matching rules and (with `explain`) why each item ranked. Needs memories:read; when the embedder fails the answer is still 200, from the lexical lane, with `degraded` set.",
      request: {
        body: {
          ...json(RecallRequestSchema, 'The query and its filters', recallRequestExample),
          required: true,
        },
      },
      responses: {
        200: json(RecallResponseSchema, 'Recalled memories', recallResponseExample),
        400: json(ErrorSchema, 'Invalid request'),
      },
    }),
    async (c) => c.json(await recall.recall(c.get('principal'), c.req.valid('json')), 200),
  );
}
