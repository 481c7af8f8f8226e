// Request and response types of the client, inferred from the server's own zod schemas (type-only imports: no
// schema code reaches the client bundle).
import type { z } from 'zod';
import type { MemoryInputSchema, MemorySchema } from '../core/schemas.ts';
import type { RecallRequestSchema, RecallResponseSchema } from '../http/routes/recall.ts';
import type {
  ListQuerySchema,
  ListResponseSchema,
  MemoryWithChainSchema,
  RememberResponseSchema,
} from '../http/schemas.ts';

export type MemoryInput = z.input<typeof MemoryInputSchema>;
export type Memory = z.output<typeof MemorySchema>;
export type MemoryWithChain = z.output<typeof MemoryWithChainSchema>;
export type RememberResponse = z.output<typeof RememberResponseSchema>;
export type RecallRequest = z.input<typeof RecallRequestSchema>;
export type RecallResponse = z.output<typeof RecallResponseSchema>;
export type RecallItem = RecallResponse['items'][number];
export type ListResponse = z.output<typeof ListResponseSchema>;

/** Rows that `list` hides unless asked for. */
export type ListInclude = 'revoked' | 'expired' | 'superseded';

/** `GET /v1/memories` filters; `include` is sent comma-separated, as the API takes it. */
export type ListQuery = Omit<z.input<typeof ListQuerySchema>, 'limit' | 'include'> & {
  limit?: number;
  include?: readonly ListInclude[];
};

// The endpoints below are specified in shared/API.md; their server schemas are being written on another branch.
// These types follow the contract's text and will be replaced by inferred ones when the schemas land.

/** `POST /v1/memories/{id}/replace`: the new content and any fields to change (the subject stays). */
export type ReplaceInput = Partial<Omit<MemoryInput, 'subject'>> & { content: string };

/** 201 of replace: the new memory (the old one is superseded, linked both ways). */
export interface ReplaceResponse {
  memory: Memory;
  [field: string]: unknown;
}

/** 200 of `DELETE /v1/subjects/{subject}`. */
export interface EraseSubjectResponse {
  erased: { memories: number; embeddings: number; audit_events_redacted: number };
  receipt_id: string;
}

/** `GET /v1/audit` filters. */
export interface AuditQuery {
  subject?: string;
  memory_id?: string;
}

/** One audit event: who, what, when, why; never erased content. */
export interface AuditEvent {
  id?: string | number;
  at?: string;
  actor: string;
  action: string;
  reason?: string | null;
  subject?: string | null;
  memory_id?: string | null;
  [field: string]: unknown;
}

export interface AuditResponse {
  items: AuditEvent[];
  [field: string]: unknown;
}

/** `POST /v1/ingest`: one conversation's turns, each stored as an `episode`. */
export interface IngestRequest {
  subject: string;
  session: string;
  messages: { speaker: string; text: string; at?: string }[];
}

export interface IngestResponse {
  items: { id: string | null; status: string }[];
}
