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
import { feedbackBodyExample, feedbackResponseExample } from '../openapi-examples.ts';

export function registerFeedbackRoutes(app: OpenAPIHono<AppEnv>, feedback: FeedbackService): void {
  app.openapi(
    createRoute({
      method: 'post',
      path: '/recalls/{recall_id}/feedback',
      summary: 'Report which items of a recall the app used (ids it did not return are ignored)',
      description:
        "Records which of the memories a recall returned the app actually used, for the retrieved-but-unused rate. Needs memories:read and the same caller that made the recall; another caller's or an unknown recall id is a 404.",
      request: {
        params: FeedbackParamSchema,
        body: { ...json(FeedbackBodySchema, 'The used memory ids', feedbackBodyExample), required: true },
      },
      responses: {
        200: json(FeedbackResponseSchema, 'Recorded', feedbackResponseExample),
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
