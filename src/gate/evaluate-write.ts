// The write gate: for one incoming memory, normalise it, refuse secrets and malformed writes, apply the PII
// policy (reject, or redact identifiers), flag suspected prompt injection, and decide trust and expiry. Pure
// apart from hashing (Web Crypto is async).
import { MAX_CONTENT_CHARS, type MemoryInput, type SourceType } from '../contract/index.ts';
import type { CallerContext } from './caller.ts';
import { checkConsistency } from './consistency.ts';
import { contentHash } from './content-hash.ts';
import { otherViews } from './detection-views.ts';
import { fieldText, scannedValues } from './fields.ts';
import { detectInjection, type InjectionSignal } from './injection.ts';
import { normalizeContent } from './normalize.ts';
import { type PiiPolicy, resolvePiiPolicy } from './pii/policy.ts';
import { type PiiRedaction, type RedactedFields, screenPii } from './pii/screen.ts';
import { type GateFlag, type GateReason, secretMessage } from './reason-codes.ts';
import { computeExpiry } from './retention.ts';
import { detectSecrets } from './secrets/index.ts';
import { assignTrust, type Trust } from './trust.ts';

export interface GateAccepted {
  decision: 'accepted';
  /** The content to store: same meaning, normalised (see normalizeContent). */
  normalizedContent: string;
  /** The trigger to store, normalised the same way; undefined when the write had none. */
  normalizedTrigger: string | undefined;
  /** Hex SHA-256 of the lowercased normalised content: the per-subject dedupe key. */
  contentHash: string;
  trust: Trust;
  /** The source type used for trust (the caller's default when the write named none). */
  sourceType: SourceType;
  flags: GateFlag[];
  /** Which injection pattern families matched (empty unless `injection.suspected` is flagged). */
  injectionSignals: InjectionSignal[];
  /** When the memory expires; null keeps it until revoked. */
  expiresAt: Date | null;
  /** The identifiers the PII policy replaced by placeholders: field and class, never the value. */
  redactions: PiiRedaction[];
  /**
   * key, facet, tags, source and metadata as they must be stored, for each of those fields the policy redacted
   * in (empty when none was). normalizedContent and normalizedTrigger are already redacted.
   */
  redactedFields: RedactedFields;
}

export interface GateRejected {
  decision: 'rejected';
  reasons: GateReason[];
}

export type GateResult = GateAccepted | GateRejected;

export interface EvaluateWriteOptions {
  /** The clock, injected so expiry is deterministic in tests; defaults to the current time. */
  now?: Date;
  /** Lifetime of an episode without an explicit TTL; defaults to 90 days. */
  episodeTtlSeconds?: number;
  /** The tenant's PII policy (validated by PiiPolicySchema); classes it leaves out take DEFAULT_PII_POLICY. */
  piiPolicy?: PiiPolicy;
  /**
   * True when the caller stores `redactedFields` of an accepted write. Callers that store those fields from
   * the request as sent leave it false, and an identifier the policy would redact there rejects the write.
   */
  storesRedactedFields?: boolean;
}

function secretReasons(input: MemoryInput, content: string, contentViews: readonly string[]): GateReason[] {
  const reasons: GateReason[] = [];
  const seen = new Set<string>();
  // The trigger as sent, not normalised: the scan predates trigger normalisation and sees the same characters.
  for (const [field, value] of scannedValues(input, content, input.trigger)) {
    const text = fieldText(value);
    // Numbers said aloud or written in another script count like digits ("my pin is four four seven one"), and a
    // table's cells like cells.
    const views = field === 'content' ? contentViews : otherViews(text);
    const findings = [text, ...views].flatMap(detectSecrets);
    for (const finding of findings) {
      const id = `${field}:${finding.code}`;
      if (seen.has(id)) continue;
      seen.add(id);
      reasons.push({ code: finding.code, message: secretMessage(finding.code, field) });
    }
  }
  return reasons;
}

/** Runs the write gate over one memory. Rejections list every reason found, validation first. */
export async function evaluateWrite(
  input: MemoryInput,
  caller: CallerContext,
  options: EvaluateWriteOptions = {},
): Promise<GateResult> {
  const now = options.now ?? new Date();
  const content = normalizeContent(input.content);
  const trigger = input.trigger === undefined ? undefined : normalizeContent(input.trigger);
  const reasons: GateReason[] = [];

  if (content.length === 0)
    reasons.push({ code: 'content.empty', message: 'content is empty once normalised' });
  if (content.length > MAX_CONTENT_CHARS) {
    reasons.push({ code: 'content.too_long', message: `content exceeds ${MAX_CONTENT_CHARS} characters` });
  }
  const consistency = checkConsistency({ ...input, trigger });
  reasons.push(...consistency.reasons);
  const expiry = computeExpiry(input, {
    now,
    ...(options.episodeTtlSeconds === undefined ? {} : { episodeTtlSeconds: options.episodeTtlSeconds }),
  });
  if (!expiry.ok) reasons.push({ code: expiry.code, message: expiry.message });
  // The content's other views (its digits, its tables as sent), computed once for both scans.
  const contentViews = otherViews(content, input.content);
  reasons.push(...secretReasons(input, content, contentViews));
  const pii = screenPii(input, content, trigger, {
    contentViews,
    policy: resolvePiiPolicy(options.piiPolicy),
    storesRedactedFields: options.storesRedactedFields ?? false,
  });
  reasons.push(...pii.reasons);
  if (reasons.length > 0 || !expiry.ok) return { decision: 'rejected', reasons };

  const stored = { content: pii.content, trigger: pii.trigger };
  const injection = detectInjection(
    stored.trigger === undefined ? stored.content : `${stored.content}\n${stored.trigger}`,
  );
  const trust = assignTrust(input.source?.type, caller, injection.suspected);
  const flags: GateFlag[] = [];
  if (content !== input.content) flags.push('content.normalized');
  if (trust.defaulted) flags.push('source.defaulted');
  if (trust.capped) flags.push('trust.capped');
  if (injection.suspected) flags.push('injection.suspected');
  flags.push(...consistency.flags, ...pii.flags);

  return {
    decision: 'accepted',
    normalizedContent: stored.content,
    normalizedTrigger: stored.trigger,
    contentHash: await contentHash(stored.content),
    trust: trust.trust,
    sourceType: trust.sourceType,
    flags,
    injectionSignals: injection.signals,
    expiresAt: expiry.expiresAt,
    redactions: pii.redactions,
    redactedFields: pii.redactedFields,
  };
}
