// Operator routes: create a tenant (and its first API key), revoke any key.
import { z } from 'zod';

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

export type CreateTenantResponse = z.infer<typeof CreateTenantResponseSchema>;
