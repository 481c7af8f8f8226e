// Conversation ingestion (POST /v1/ingest): a conversation's turns, each stored as an episode memory, and the
// durable memories the configured extractor proposes from the user's turns, consolidated like any write.
import { z } from 'zod';
import { IsoDateSchema, MemoryInputSchema, NO_CONTROL_CHARACTERS, SubjectSchema } from './memory.ts';

/** `auto` (the default): the configured extractor proposes durable memories; `off`: turns only. */
export const INGEST_EXTRACT_MODES = ['auto', 'off'] as const;

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
    /** Extract durable memories from the user's turns (default `auto`). */
    extract: z.enum(INGEST_EXTRACT_MODES).optional(),
    /**
     * The speaker whose turns are the subject's own (their statements become memories). Default: speakers named
     * like a user (`user`, `human`, `me`...); assistants' and other people's turns are context only.
     */
    user_speaker: z.string().min(1).max(100).optional(),
  })
  .strict();

/** What became of one message: the memory id (the existing one for a duplicate; null when rejected). */
export const IngestItemSchema = z.object({
  id: z.uuid().nullable(),
  status: z.enum(['created', 'duplicate', 'rejected']),
  /** Why the gate rejected the turn (codes such as `secret.private_key`), when it did. */
  reasons: z.array(z.object({ code: z.string(), message: z.string() })).optional(),
});

const GateReasonSchema = z.object({ code: z.string(), message: z.string() });

/**
 * What became of one extracted proposal: `created` (a new memory), `superseded` (a new memory that replaced
 * `superseded`: a slot's old value, a stance on the facet), `merged` (a near-duplicate, folded into memory `id`),
 * `duplicate` (already live as `id`), `rejected` (by the write gate, with `reasons`).
 */
export const ExtractionOutcomeSchema = z.enum(['created', 'superseded', 'merged', 'duplicate', 'rejected']);

export const ExtractedProposalSchema = z.object({
  kind: MemoryInputSchema.shape.kind,
  content: z.string(),
  key: z.string().optional(),
  facet: z.string().optional(),
  polarity: z.enum(['prefer', 'avoid']).optional(),
  trigger: z.string().optional(),
  /** The positions (in `messages`) of the turns it was read from. */
  turns: z.array(z.int().min(0)),
  outcome: ExtractionOutcomeSchema,
  /** The memory it became or was folded into; null when rejected. */
  id: z.uuid().nullable(),
  superseded: z.array(z.uuid()),
  reasons: z.array(GateReasonSchema).optional(),
});

/**
 * The extraction part of the answer, the same shape whatever happened: `done` (proposals listed), `pending` (the
 * extractor timed out or failed: the turns are stored and the extract job retries them; `reason` says why),
 * `off` (not asked for, or no extractor configured). `dropped` counts items of the extractor's answer that were
 * unusable, by reason (malformed, unknown_key...); nothing of them is stored.
 */
export const IngestExtractionSchema = z.object({
  status: z.enum(['done', 'pending', 'off']),
  extractor: z.string().nullable(),
  proposals: z.array(ExtractedProposalSchema),
  dropped: z.record(z.string(), z.int().min(0)),
  reason: z.string().nullable(),
});

export const IngestResponseSchema = z.object({
  items: z.array(IngestItemSchema),
  extraction: IngestExtractionSchema,
});

export type IngestMessage = z.infer<typeof IngestMessageSchema>;
export type IngestRequest = z.infer<typeof IngestRequestSchema>;
export type IngestItem = z.infer<typeof IngestItemSchema>;
export type IngestResponse = z.infer<typeof IngestResponseSchema>;
export type IngestExtraction = z.infer<typeof IngestExtractionSchema>;
export type ExtractedProposal = z.infer<typeof ExtractedProposalSchema>;
export type ExtractionOutcome = z.infer<typeof ExtractionOutcomeSchema>;
