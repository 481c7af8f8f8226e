// Request and response types of the client, inferred from the server's own zod schemas (type-only imports: no
// schema code reaches the client bundle).
import type { z } from 'zod';
import type {
  AuditEventSchema,
  ReplaceInputSchema,
  ReplaceResponseSchema,
  SubjectErasureSchema,
} from '../core/forget-schemas.ts';
import type { MemoryInputSchema, MemorySchema } from '../core/schemas.ts';
import type { AuditQuerySchema, AuditResponseSchema } from '../http/routes/audit.ts';
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

// Ingestion is specified in shared/API.md but has no server schema yet: these types follow the contract's text.

/** `POST /v1/ingest`: one conversation's turns, each stored as an `episode`. */
export interface IngestRequest {
  subject: string;
  session: string;
  messages: { speaker: string; text: string; at?: string }[];
}

export interface IngestResponse {
  items: { id: string | null; status: string }[];
}
