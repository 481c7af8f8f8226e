// The write-gate port: decides whether a memory may be stored, and with what trust. Pure and deterministic.
import type { MemoryInput } from '../core/schemas.ts';

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
    }
  | { decision: 'rejected'; reasons: GateReason[] };

export type WriteGate = (
  input: MemoryInput,
  caller: CallerContext,
  options?: { now?: Date; episodeTtlSeconds?: number },
) => Promise<GateResult>;
