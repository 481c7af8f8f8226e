// API key revocation (operator, and a tenant's admin key for its own tenant).
import { z } from 'zod';

/** The public id of a key: the first 16 hex of its hash, printed by `engram keys create`. */
export const KeyIdParamSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9]{8,32}$/, 'a key id') });

export const RevokedKeySchema = z.object({ key: z.object({ id: z.string(), revoked: z.literal(true) }) });

export type RevokedKey = z.infer<typeof RevokedKeySchema>;
