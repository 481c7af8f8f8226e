// Decides when a memory expires: an explicit ttl_seconds or expires_at wins; otherwise episodes expire after a
// configurable period (conversation turns age out) and every other kind is kept until revoked.
import type { MemoryInput } from '../contract/index.ts';

/** Default lifetime of an `episode` memory: 90 days. */
export const DEFAULT_EPISODE_TTL_SECONDS = 90 * 24 * 3600;

export interface RetentionOptions {
  now: Date;
  episodeTtlSeconds?: number;
}

export type RetentionResult =
  | { ok: true; expiresAt: Date | null }
  | { ok: false; code: 'retention.already_expired' | 'retention.invalid_window'; message: string };

/** When the memory expires (null: never), or why its requested window is unusable. */
export function computeExpiry(
  input: Pick<MemoryInput, 'kind' | 'ttl_seconds' | 'expires_at' | 'valid_from'>,
  options: RetentionOptions,
): RetentionResult {
  const now = options.now.getTime();
  let expiresAt: Date | null = null;
  if (input.ttl_seconds !== undefined) {
    expiresAt = new Date(now + input.ttl_seconds * 1000);
  } else if (input.expires_at !== undefined) {
    expiresAt = new Date(input.expires_at);
  } else if (input.kind === 'episode') {
    expiresAt = new Date(now + (options.episodeTtlSeconds ?? DEFAULT_EPISODE_TTL_SECONDS) * 1000);
  }
  if (expiresAt === null) return { ok: true, expiresAt };
  // Storing something already expired would write a row recall can never return.
  if (expiresAt.getTime() <= now) {
    return { ok: false, code: 'retention.already_expired', message: 'expires_at must be in the future' };
  }
  if (input.valid_from !== undefined && new Date(input.valid_from).getTime() >= expiresAt.getTime()) {
    return { ok: false, code: 'retention.invalid_window', message: 'valid_from must be before the expiry' };
  }
  return { ok: true, expiresAt };
}
