// Forgetting: replace a memory, erase or export a subject, erase a tenant. Types come from z.infer.
import { z } from 'zod';
import { MemoryInputSchema, MemorySchema, oneExpiry, SubjectSchema } from './memory.ts';

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
  .refine(oneExpiry.check, oneExpiry.params);

export type ReplaceInput = z.infer<typeof ReplaceInputSchema>;

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

export const SubjectParamSchema = z.object({ subject: SubjectSchema });

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
