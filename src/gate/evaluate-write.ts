// The write gate: for one incoming memory, normalise it, refuse secrets and malformed writes, flag suspected
// prompt injection, and decide trust and expiry. Pure apart from hashing (Web Crypto is async).
import { MAX_CONTENT_CHARS, type MemoryInput, type SourceType } from '../core/schemas.ts';
import type { CallerContext } from './caller.ts';
import { checkConsistency } from './consistency.ts';
import { contentHash } from './content-hash.ts';
import { detectInjection, type InjectionSignal } from './injection.ts';
import { normalizeContent } from './normalize.ts';
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
}

/**
 * Every place a secret could be stored and later returned, not only the content: a credential in a tag, a
 * source URI or metadata leaks just the same.
 */
function scannedFields(input: MemoryInput, content: string): [string, string][] {
  const fields: [string, string | undefined][] = [
    ['content', content],
    ['trigger', input.trigger],
    ['key', input.key],
    ['facet', input.facet],
    ['tags', input.tags?.join('\n')],
    ['source.uri', input.source?.uri],
    ['source.id', input.source?.id],
    ['metadata', input.metadata === undefined ? undefined : JSON.stringify(input.metadata)],
  ];
  return fields.filter((field): field is [string, string] => field[1] !== undefined && field[1].length > 0);
}

function secretReasons(input: MemoryInput, content: string): GateReason[] {
  const reasons: GateReason[] = [];
  const seen = new Set<string>();
  for (const [field, text] of scannedFields(input, content)) {
    for (const finding of detectSecrets(text)) {
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
  reasons.push(...secretReasons(input, content));
  if (reasons.length > 0 || !expiry.ok) return { decision: 'rejected', reasons };

  const injection = detectInjection(trigger === undefined ? content : `${content}\n${trigger}`);
  const trust = assignTrust(input.source?.type, caller, injection.suspected);
  const flags: GateFlag[] = [];
  if (content !== input.content) flags.push('content.normalized');
  if (trust.defaulted) flags.push('source.defaulted');
  if (trust.capped) flags.push('trust.capped');
  if (injection.suspected) flags.push('injection.suspected');
  flags.push(...consistency.flags);

  return {
    decision: 'accepted',
    normalizedContent: content,
    normalizedTrigger: trigger,
    contentHash: await contentHash(content),
    trust: trust.trust,
    sourceType: trust.sourceType,
    flags,
    injectionSignals: injection.signals,
    expiresAt: expiry.expiresAt,
  };
}
