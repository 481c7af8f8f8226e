// The audit trail (GET /v1/audit): who did what, when and why; never erased content.
import { z } from 'zod';
import { SubjectSchema } from './memory.ts';

export const AuditEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  subject: z.string().nullable(),
  memory_id: z.uuid().nullable(),
  related_ids: z.array(z.uuid()),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  redacted_at: z.string().nullable(),
});

export const AuditQuerySchema = z.object({
  subject: SubjectSchema.optional(),
  memory_id: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(40).optional(),
});

export const AuditResponseSchema = z.object({
  items: z.array(AuditEventSchema),
  next_cursor: z.string().nullable(),
});

export type AuditEvent = z.infer<typeof AuditEventSchema>;
export type AuditResponse = z.infer<typeof AuditResponseSchema>;
