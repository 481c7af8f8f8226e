// Request and response types of the client, from the API contract's zod schemas (src/contract). Type-only
// imports: no schema code, and so no zod, reaches the client bundle.
import type { z } from 'zod';
import type {
  AuditEventSchema,
  AuditQuerySchema,
  AuditResponseSchema,
  IngestRequestSchema,
  IngestResponseSchema,
  LIST_INCLUDE,
  ListQuerySchema,
  ListResponseSchema,
  MemoryInputSchema,
  MemorySchema,
  MemoryWithChainSchema,
  RecallRequestSchema,
  RecallResponseSchema,
  RememberResponseSchema,
  ReplaceInputSchema,
  ReplaceResponseSchema,
  SubjectErasureSchema,
} from '../contract/index.ts';

// What a caller sends is the schema's input (defaults optional); what it gets back is the output.
export type MemoryInput = z.input<typeof MemoryInputSchema>;
export type Memory = z.output<typeof MemorySchema>;
export type MemoryWithChain = z.output<typeof MemoryWithChainSchema>;
export type RememberResponse = z.output<typeof RememberResponseSchema>;
export type RecallRequest = z.input<typeof RecallRequestSchema>;
export type RecallResponse = z.output<typeof RecallResponseSchema>;
export type RecallItem = RecallResponse['items'][number];
export type ListResponse = z.output<typeof ListResponseSchema>;

/** Rows that `list` hides unless asked for. */
export type ListInclude = (typeof LIST_INCLUDE)[number];

/** `GET /v1/memories` filters; `include` is sent comma-separated, as the API takes it. */
export type ListQuery = Omit<z.input<typeof ListQuerySchema>, 'limit' | 'include'> & {
  limit?: number;
  include?: readonly ListInclude[];
};

/** `POST /v1/memories/{id}/replace`: the new content and any fields to change (the subject stays), and why. */
export type ReplaceInput = z.input<typeof ReplaceInputSchema>;
/** 201 of replace: the new memory and the one it superseded (linked both ways). */
export type ReplaceResponse = z.output<typeof ReplaceResponseSchema>;
/** 200 of `DELETE /v1/subjects/{subject}`. */
export type EraseSubjectResponse = z.output<typeof SubjectErasureSchema>;
/** `GET /v1/audit` filters and paging (oldest first). */
export type AuditQuery = Omit<z.input<typeof AuditQuerySchema>, 'limit'> & { limit?: number };
/** One audit event: who, what, when, why; never erased content. */
export type AuditEvent = z.output<typeof AuditEventSchema>;
export type AuditResponse = z.output<typeof AuditResponseSchema>;

/** `POST /v1/ingest`: one conversation's turns, each stored as an `episode`. */
export type IngestRequest = z.input<typeof IngestRequestSchema>;
/** One item per message, in order: created, duplicate or rejected (with the gate's reasons). */
export type IngestResponse = z.output<typeof IngestResponseSchema>;
