// The pure rule of a replacement: what the new version is made of (the body over the old version), before the
// write pipeline gates it. No I/O.
import { type Memory, type MemoryInput, MemoryInputSchema, type ReplaceInput } from '../contract/index.ts';
import { AppError } from '../core/errors.ts';
import { validationIssues } from '../core/validation-issues.ts';

const orUndefined = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

/**
 * The memory a replacement asks the gate to accept: the body's fields over the old version's, in the old
 * version's subject. The old expiry carries over while it is in the future and the body sets none; the source
 * carries over as data only (the gate assigns trust from it and from the caller, never from the old trust).
 * Throws invalid_request when the result is not a valid memory (for example a rule without a trigger).
 */
export function replacementInput(old: Memory, body: ReplaceInput, now: Date): MemoryInput {
  const { reason: _reason, ...fields } = body;
  const bodySetsExpiry = fields.ttl_seconds !== undefined || fields.expires_at !== undefined;
  const oldExpiry = old.expires_at && Date.parse(old.expires_at) > now.getTime() ? old.expires_at : undefined;
  const merged = {
    subject: old.subject,
    kind: old.kind,
    tags: old.tags,
    importance: old.importance,
    confidence: old.confidence,
    source: old.source,
    key: orUndefined(old.key),
    facet: orUndefined(old.facet),
    polarity: orUndefined(old.polarity),
    trigger: orUndefined(old.trigger),
    metadata: old.metadata,
    // No language: it describes the content, which a replacement always brings; the body's, or detected again.
    valid_from: orUndefined(old.valid_from),
    ...(bodySetsExpiry ? {} : { expires_at: oldExpiry }),
    ...fields,
  };
  // Drop undefined keys: the schema is strict and an explicit undefined would still count for `ttl or expiry`.
  const defined = Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined));
  const parsed = MemoryInputSchema.safeParse(defined);
  if (!parsed.success) {
    throw new AppError('invalid_request', 'the replacement is not a valid memory', {
      issues: validationIssues(parsed.error),
    });
  }
  return parsed.data;
}
