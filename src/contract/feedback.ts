// Recall feedback: which recalled memories the app used (POST /v1/recalls/{recall_id}/feedback).
import { z } from 'zod';

export const FeedbackParamSchema = z.object({ recall_id: z.uuid() });

export const FeedbackBodySchema = z.object({ used: z.array(z.uuid()).max(200) }).strict();

export const FeedbackResponseSchema = z.object({
  recall_id: z.uuid(),
  used: z.number().int(),
  ignored: z.number().int(),
});

export type FeedbackResponse = z.infer<typeof FeedbackResponseSchema>;
