// The MCP endpoint (POST /mcp): the JSON-RPC envelope it is documented with, and the one tool input that is not
// an HTTP body as is (forget = the revoke route's id and body in one object). The other tools take the HTTP
// schemas (MemoryInputSchema, RecallRequestSchema, ListQuerySchema).
import { z } from 'zod';
import { IdParamSchema, RevokeBodySchema } from './memories.ts';

export const JsonRpcSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number()]).optional(),
  method: z.string().optional(),
  params: z.record(z.string(), z.unknown()).optional(),
  result: z.record(z.string(), z.unknown()).optional(),
  error: z.object({ code: z.number(), message: z.string() }).optional(),
});

/** Input of the `forget` tool: the revoke route's id parameter and body, as one object. */
export const ForgetInputSchema = z
  .object({ id: IdParamSchema.shape.id, reason: RevokeBodySchema.shape.reason })
  .strict();
