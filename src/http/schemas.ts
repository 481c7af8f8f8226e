// HTTP request and response schemas (path, query, bodies), built from the domain schemas in core/schemas.ts.
import { z } from 'zod';
import { MemoryInputSchema, MemorySchema, SubjectSchema } from '../core/schemas.ts';

export const ErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});

export const IdParamSchema = z.object({ id: z.uuid() });

export const GateSchema = z.object({
  decision: z.enum(['accepted', 'duplicate']),
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

const INCLUDE_VALUES = ['revoked', 'expired', 'superseded'] as const;

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
        !value || value.split(',').every((part) => (INCLUDE_VALUES as readonly string[]).includes(part)),
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

export const CreateTenantBodySchema = z
  .object({
    name: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'letters, digits, dot, dash and underscore'),
  })
  .strict();

export const CreateTenantResponseSchema = z.object({
  tenant: z.object({ id: z.uuid(), name: z.string() }),
  api_key: z.string(),
  /** The key's public id, for revocation. */
  api_key_id: z.string().optional(),
});
