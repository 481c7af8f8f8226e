// Schemas of forgetting (replace, erase, export, audit, sweep): request and response shapes shared by the HTTP
// layer, the services and the store port. Types come from z.infer.
import { z } from 'zod';
import { MemoryInputSchema, MemorySchema } from './schemas.ts';

/**
 * The body of a replacement: the new content and, optionally, any field of a memory except its subject (a
 * replacement stays in the subject of the memory it replaces). Fields left out are taken from the old version.
 */
export const ReplaceInputSchema = z
  // The shape, not the schema: zod refuses .omit() on an object that carries refinements.
  .object(MemoryInputSchema.shape)
  .omit({ subject: true })
  .partial()
  .required({ content: true })
  .extend({ reason: z.string().min(1).max(500).optional() })
  .strict()
  .refine((m) => !(m.ttl_seconds !== undefined && m.expires_at !== undefined), {
    message: 'give ttl_seconds or expires_at, not both',
    path: ['expires_at'],
  });

export type ReplaceInput = z.infer<typeof ReplaceInputSchema>;

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

export type AuditEvent = z.infer<typeof AuditEventSchema>;

export const SubjectErasureSchema = z.object({
  erased: z.object({
    memories: z.number().int(),
    embeddings: z.number().int(),
    audit_events_redacted: z.number().int(),
  }),
  receipt_id: z.string(),
});

export type SubjectErasure = z.infer<typeof SubjectErasureSchema>;

export const TenantErasureSchema = z.object({
  erased: z.object({
    memories: z.number().int(),
    embeddings: z.number().int(),
    audit_events: z.number().int(),
    api_keys: z.number().int(),
  }),
  receipt_id: z.string(),
});

export type TenantErasure = z.infer<typeof TenantErasureSchema>;

export const ReplaceResponseSchema = z.object({
  memory: MemorySchema,
  replaced: MemorySchema,
  gate: z.object({
    decision: z.literal('accepted'),
    trust: z.number().int(),
    flags: z.array(z.string()),
    superseded: z.array(z.string()),
  }),
});

export type ReplaceResponse = z.infer<typeof ReplaceResponseSchema>;
