// Request and response types of the client, from the API contract's zod schemas (src/contract). Type-only
// imports: no schema code, and so no zod, reaches the client bundle.
import type { z } from 'zod';
import type {
  AuditQuerySchema,
  BatchRequestSchema,
  FeedbackBodySchema,
  IngestRequestSchema,
  LIST_INCLUDE,
  ListQuerySchema,
  MemoryInputSchema,
  RecallRequestSchema,
  ReplaceInputSchema,
} from '../contract/index.ts';

// What the client gets back is the contract's own types; what it sends is the schemas' input (defaults optional).
export type {
  AuditEvent,
  AuditResponse,
  BatchResult,
  FeedbackResponse,
  IngestResponse,
  ListResponse,
  Memory,
  MemoryWithChain,
  RecallItem,
  RecallResponse,
  RememberResponse,
  ReplaceResponse,
  RevokedKey,
} from '../contract/index.ts';
export type MemoryInput = z.input<typeof MemoryInputSchema>;
export type RecallRequest = z.input<typeof RecallRequestSchema>;

/** Rows that `list` hides unless asked for. */
export type ListInclude = (typeof LIST_INCLUDE)[number];

/** `GET /v1/memories` filters; `include` is sent comma-separated, as the API takes it. */
export type ListQuery = Omit<z.input<typeof ListQuerySchema>, 'limit' | 'include'> & {
  limit?: number;
  include?: readonly ListInclude[];
};

/** `POST /v1/memories/{id}/replace`: the new content and any fields to change (the subject stays), and why. */
export type ReplaceInput = z.input<typeof ReplaceInputSchema>;
/** 200 of `DELETE /v1/subjects/{subject}`. */
export type { SubjectErasure as EraseSubjectResponse } from '../contract/index.ts';
/** `GET /v1/audit` filters and paging (oldest first). */
export type AuditQuery = Omit<z.input<typeof AuditQuerySchema>, 'limit'> & { limit?: number };

/** `POST /v1/ingest`: one conversation's turns, each stored as an `episode`. */
export type IngestRequest = z.input<typeof IngestRequestSchema>;

/** `POST /v1/memories/batch`: up to 500 memories, each as `remember` takes it. */
export type BatchRequest = z.input<typeof BatchRequestSchema>;
/** 200 of `POST /v1/memories/batch`: one result per item, in order (a gate rejection is a 422 result, not a throw). */
export type { BatchResponse } from '../contract/index.ts';
/** `POST /v1/recalls/{recall_id}/feedback`: the ids of the recalled memories the app used. */
export type FeedbackRequest = z.input<typeof FeedbackBodySchema>;
