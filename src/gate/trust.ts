// Assigns a memory's trust level (0..3) from its declared source type and the caller's rights, never from the
// body: a client may say its memory came from the system of record, but only the operator can make it so.
import type { SourceType } from '../contract/index.ts';
import type { CallerContext } from './caller.ts';

/** 0 untrusted external content, 1 model inference, 2 authenticated user or app, 3 system of record. */
export type Trust = 0 | 1 | 2 | 3;

export interface TrustAssignment {
  trust: Trust;
  /** The source type actually used (the declared one, or the caller's default when none was given). */
  sourceType: SourceType;
  /** True when no source was given and the caller's default was used. */
  defaulted: boolean;
  /** True when the caller's rights lowered the trust below what the source type asks for. */
  capped: boolean;
}

const BASE_TRUST: Record<SourceType, Trust> = { external: 0, model: 1, user: 2, app: 2, system: 3 };

/**
 * The source type assumed when a write names none: an app's API key writes app events, an end user's JWT
 * writes that user's own statements. The operator gets `app` too: a missing source must never grant the
 * system-of-record level by default.
 */
export function defaultSourceType(caller: CallerContext): SourceType {
  return caller.auth === 'jwt' ? 'user' : 'app';
}

/**
 * Trust for one write. `system` reaches 3 only with the operator key (otherwise 2, `capped`); suspected
 * prompt injection caps any source at 0.
 */
export function assignTrust(
  sourceType: SourceType | undefined,
  caller: CallerContext,
  injectionSuspected = false,
): TrustAssignment {
  const effective = sourceType ?? defaultSourceType(caller);
  let trust = BASE_TRUST[effective];
  let capped = false;
  if (effective === 'system' && caller.auth !== 'operator') {
    trust = 2;
    capped = true;
  }
  if (injectionSuspected) trust = 0;
  return { trust, sourceType: effective, defaulted: sourceType === undefined, capped };
}
