// TEST DOUBLE of the write-gate port (src/ports/gate.ts), for tests that need a gate before the real one lands.
// It is deliberately small: trims content, hashes it, assigns trust from the source type capped by the caller,
// rejects anything that looks like a private key, and turns ttl_seconds / expires_at into an expiry.
import { sha256Hex } from '../../src/core/hash.ts';
import type { WriteGate } from '../../src/ports/gate.ts';

const TRUST_BY_SOURCE = { external: 0, model: 1, user: 2, app: 2, system: 3 } as const;

export const testGate: WriteGate = async (input, caller, options = {}) => {
  const now = options.now ?? new Date();
  const content = input.content.trim();
  if (content.includes('PRIVATE KEY-----')) {
    return {
      decision: 'rejected',
      reasons: [{ code: 'secret.private_key', message: 'looks like a private key' }],
    };
  }
  const sourceTrust = TRUST_BY_SOURCE[input.source?.type ?? 'app'];
  // Only an admin caller may store system-of-record memories.
  const trust = Math.min(sourceTrust, caller.scopes.includes('admin') ? 3 : 2);
  const expiresAt =
    input.expires_at !== undefined
      ? new Date(input.expires_at)
      : input.ttl_seconds !== undefined
        ? new Date(now.getTime() + input.ttl_seconds * 1000)
        : null;
  return {
    decision: 'accepted',
    normalizedContent: content,
    contentHash: await sha256Hex(content.toLowerCase()),
    trust,
    flags: [],
    expiresAt,
  };
};
