// Remember (one and batch), list, get and revoke: the request and response shapes of /v1/memories.
import { z } from 'zod';
import { ErrorSchema } from './errors.ts';
import { MemoryInputSchema, MemorySchema, SubjectSchema } from './memory.ts';

export const IdParamSchema = z.object({ id: z.uuid() });

/** The optional `Idempotency-Key` header of a write: a retry with the same key stores nothing twice. */
export const IdempotencyHeaderSchema = z.object({ 'idempotency-key': z.string().min(1).max(200).optional() });

export const GateSchema = z.object({
  /** merged: a near-duplicate of a live memory, which is returned with this write's provenance added. */
  decision: z.enum(['accepted', 'duplicate', 'merged']),
  trust: z.number().int().optional(),
  flags: z.array(z.string()).optional(),
  superseded: z.array(z.string()).optional(),
});

export const RememberResponseSchema = z.object({ memory: MemorySchema, gate: GateSchema });

export const BatchRequestSchema = z.object({ items: z.array(MemoryInputSchema).min(1).max(500) }).strict();

export const BatchResultSchema = z.union([
  z.object({ status: z.literal(201), memory: MemorySchema, gate: GateSchema }),
  z.object({ status: z.literal(200), memory: MemorySchema, gate: GateSchema }),
  z.object({ status: z.literal(422), error: ErrorSchema.shape.error }),
]);

export const BatchResponseSchema = z.object({ results: z.array(BatchResultSchema) });

export const LIST_INCLUDE = ['revoked', 'expired', 'superseded'] as const;

export const ListQuerySchema = z.object({
  subject: SubjectSchema.optional(),
  kind: MemoryInputSchema.shape.kind.optional(),
  tag: z.string().min(1).max(64).optional(),
  source_uri: z.string().min(1).max(2000).optional(),
  include: z
    .string()
    .optional()
    .refine(
      (value) =>
        !value || value.split(',').every((part) => (LIST_INCLUDE as readonly string[]).includes(part)),
      'include takes a comma-separated list of revoked, expired, superseded',
    ),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
});

export const ListResponseSchema = z.object({
  items: z.array(MemorySchema),
  next_cursor: z.string().nullable(),
});

export const MemoryWithChainSchema = MemorySchema.extend({
  chain: z.object({ older: z.array(z.uuid()), newer: z.array(z.uuid()) }),
});

export const RevokeBodySchema = z.object({ reason: z.string().min(1).max(500).optional() }).strict();

export const RevokeResponseSchema = z.object({ memory: MemorySchema });

export type RememberResponse = z.infer<typeof RememberResponseSchema>;
export type BatchResult = z.infer<typeof BatchResultSchema>;
export type BatchResponse = z.infer<typeof BatchResponseSchema>;
export type ListQuery = z.infer<typeof ListQuerySchema>;
export type ListResponse = z.infer<typeof ListResponseSchema>;
export type MemoryWithChain = z.infer<typeof MemoryWithChainSchema>;
