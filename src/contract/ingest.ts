// Conversation ingestion (POST /v1/ingest): a conversation's turns, each stored as an episode memory.
import { z } from 'zod';
import { IsoDateSchema, NO_CONTROL_CHARACTERS, SubjectSchema } from './memory.ts';

/** One message; caps keep `speaker: text` within a memory's 8000 chars. */
export const IngestMessageSchema = z
  .object({
    speaker: z.string().min(1).max(100).regex(NO_CONTROL_CHARACTERS, 'must not contain control characters'),
    text: z.string().min(1).max(7800),
    /** When it was said (ISO 8601); kept in metadata.at. */
    at: IsoDateSchema.optional(),
    /** The caller's id for the message; kept as source.id so the caller can map memories back to its messages. */
    id: z.string().min(1).max(200).optional(),
  })
  .strict();

export const IngestRequestSchema = z
  .object({
    subject: SubjectSchema,
    /** The conversation or session the turns belong to; kept as source.session (recall can filter on it). */
    session: z.string().min(1).max(200),
    messages: z.array(IngestMessageSchema).min(1).max(500),
  })
  .strict();

/** What became of one message: the memory id (the existing one for a duplicate; null when rejected). */
export const IngestItemSchema = z.object({
  id: z.uuid().nullable(),
  status: z.enum(['created', 'duplicate', 'rejected']),
  /** Why the gate rejected the turn (codes such as `secret.private_key`), when it did. */
  reasons: z.array(z.object({ code: z.string(), message: z.string() })).optional(),
});

export const IngestResponseSchema = z.object({ items: z.array(IngestItemSchema) });

export type IngestMessage = z.infer<typeof IngestMessageSchema>;
export type IngestRequest = z.infer<typeof IngestRequestSchema>;
export type IngestItem = z.infer<typeof IngestItemSchema>;
export type IngestResponse = z.infer<typeof IngestResponseSchema>;
