// The record the store writes for a memory the gate accepted: the input as given, with the gate's normalised
// content and trigger, hash, trust, flags and expiry. Pure; the one builder for remember, replace and ingest.
import type { Memory, MemoryInput } from '../contract/index.ts';
import { sha256Hex } from '../core/hash.ts';
import type { Principal } from '../core/principal.ts';
import type { GateResult } from '../ports/gate.ts';
import type { MemoryRecord } from '../ports/store.ts';

export type Accepted = Extract<GateResult, { decision: 'accepted' }>;

/** Per-item extras of a write that are not part of the memory input. */
export interface RecordOptions {
  idempotencyKey?: string | undefined;
  /** Fingerprint of the request body, sent with an idempotency key (see requestHashOf). */
  requestHash?: string | undefined;
  /** Extra text indexed at low weight for lexical search (conversation ingestion); never returned. */
  contextText?: string | undefined;
  /** An ingested turn whose extraction failed or timed out: marked for the extract job. */
  extractionPending?: boolean | undefined;
}

/** Where a memory comes from when the input does not say: the end user itself (JWT), else the calling app. */
export function defaultSourceOf(principal: Principal): Memory['source'] {
  return { type: principal.kind === 'jwt' ? 'user' : 'app' };
}

/**
 * The fingerprint of a write request for its idempotency key: the validated input as given (zod outputs the keys
 * in schema order, so the same body always gives the same hash) and the source the record falls back to.
 */
export function requestHashOf(input: MemoryInput, fallbackSource: Memory['source']): Promise<string> {
  return sha256Hex(JSON.stringify([input, fallbackSource]));
}

export function memoryRecord(
  input: MemoryInput,
  gate: Accepted,
  options: RecordOptions,
  fallbackSource: Memory['source'],
): MemoryRecord {
  return {
    subject: input.subject,
    kind: input.kind,
    content: gate.normalizedContent,
    content_hash: gate.contentHash,
    tags: input.tags ?? [],
    importance: input.importance,
    confidence: input.confidence,
    trust: gate.trust,
    source: input.source ?? fallbackSource,
    key: input.key,
    facet: input.facet,
    polarity: input.polarity,
    trigger: gate.normalizedTrigger ?? input.trigger,
    metadata: input.metadata,
    flags: gate.flags,
    language: input.language,
    context_text: options.contextText,
    valid_from: input.valid_from,
    expires_at: gate.expiresAt ? gate.expiresAt.toISOString() : null,
    idempotency_key: options.idempotencyKey,
    ...(options.extractionPending ? { extraction_status: 'pending' as const } : {}),
    request_hash: options.idempotencyKey ? options.requestHash : undefined,
  };
}
