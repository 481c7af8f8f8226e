// The write-gate port: decides whether a memory may be stored, and with what trust. Pure and deterministic.
import type { MemoryInput } from '../contract/index.ts';
import type { PiiPolicy } from '../gate/pii/policy.ts';

export type { PiiPolicy } from '../gate/pii/policy.ts';

/** The caller's rights, which (with the source type) decide trust; never the request body. */
export interface CallerContext {
  auth: 'api_key' | 'jwt' | 'operator';
  scopes: string[];
}

export interface GateReason {
  code: string;
  message: string;
}

export type GateResult =
  | {
      decision: 'accepted';
      normalizedContent: string;
      /** The rule trigger, normalised like the content (absent when the memory has none). */
      normalizedTrigger?: string | undefined;
      contentHash: string;
      trust: number;
      flags: string[];
      expiresAt: Date | null;
      /** Identifiers the PII policy replaced by typed placeholders ("[ssn]"): field and class, never the value. */
      redactions?: { field: string; class: string }[];
      /**
       * key, facet, tags, source and metadata as they must be stored, for those the policy redacted in; store
       * them over the request's values ({ ...input, ...redactedFields }). Content and trigger come redacted in
       * normalizedContent and normalizedTrigger.
       */
      redactedFields?: {
        key?: string;
        facet?: string;
        tags?: string[];
        source?: NonNullable<MemoryInput['source']>;
        metadata?: Record<string, unknown>;
      };
    }
  | { decision: 'rejected'; reasons: GateReason[] };

export type WriteGate = (
  input: MemoryInput,
  caller: CallerContext,
  options?: {
    now?: Date;
    episodeTtlSeconds?: number;
    /** The tenant's PII policy (PiiPolicySchema); absent classes, or no policy, take the defaults. */
    piiPolicy?: PiiPolicy;
    /** Set when the caller stores `redactedFields`; without it a redaction outside content/trigger rejects. */
    storesRedactedFields?: boolean;
  },
) => Promise<GateResult>;
