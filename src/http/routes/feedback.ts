// Tenant route for recall feedback: the app reports which recalled memories it used, for the
// retrieved-but-unused rate.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import {
  ErrorSchema,
  FeedbackBodySchema,
  FeedbackParamSchema,
  FeedbackResponseSchema,
} from '../../contract/index.ts';
import type { FeedbackService } from '../../services/feedback.ts';
import type { AppEnv } from '../env.ts';
import { json } from '../openapi.ts';

export function registerFeedbackRoutes(app: OpenAPIHono<AppEnv>, feedback: FeedbackService): void {
  app.openapi(
    createRoute({
      method: 'post',
      path: '/recalls/{recall_id}/feedback',
      summary: 'Report which items of a recall the app used (ids it did not return are ignored)',
      request: {
        params: FeedbackParamSchema,
        body: { ...json(FeedbackBodySchema, 'The used memory ids'), required: true },
      },
      responses: {
        200: json(FeedbackResponseSchema, 'Recorded'),
        400: json(ErrorSchema, 'Invalid request'),
        404: json(ErrorSchema, 'No such recall for this caller'),
      },
    }),
    async (c) => {
      const { recall_id } = c.req.valid('param');
      const { used } = c.req.valid('json');
      return c.json(await feedback.feedback(c.get('principal'), recall_id, used), 200);
    },
  );
}
