// API keys: generation, hashing and verification. Only a SHA-256 of a key is stored; lookup is by a public id
// derived from that hash, and the full hash is compared in constant time.
import { AppError } from '../core/errors.ts';
import { constantTimeEqual, randomToken, sha256Hex } from '../core/hash.ts';
import type { Principal } from '../core/principal.ts';
import type { MemoryStore } from '../ports/store.ts';

export const DEFAULT_KEY_SCOPES = ['memories:read', 'memories:write'];

/** A new key: `egm_` and 40 random base62 characters (about 238 bits). Shown once, never stored. */
export function generateApiKey(): string {
  return `egm_${randomToken(40)}`;
}

/** The public id (first 16 hex of the key's hash) and the hash itself. Works for any key text. */
export async function keyFingerprint(key: string): Promise<{ keyId: string; secretHash: string }> {
  const secretHash = await sha256Hex(key);
  return { keyId: secretHash.slice(0, 16), secretHash };
}

/** Stores a key for a tenant and returns the key text (to show once). */
export async function issueApiKey(
  store: MemoryStore,
  tenantId: string,
  options: { key?: string; scopes?: string[]; name?: string } = {},
): Promise<string> {
  const key = options.key ?? generateApiKey();
  const { keyId, secretHash } = await keyFingerprint(key);
  await store.withOperator((op) =>
    op.createApiKey({
      tenantId,
      keyId,
      secretHash,
      scopes: options.scopes ?? DEFAULT_KEY_SCOPES,
      ...(options.name ? { name: options.name } : {}),
    }),
  );
  return key;
}

/** Resolves a presented key to its principal; 401 for anything unknown, revoked or malformed. */
export async function verifyApiKey(store: MemoryStore, key: string): Promise<Principal> {
  if (key.length < 16 || key.length > 512) throw new AppError('unauthorized', 'invalid API key');
  const { keyId, secretHash } = await keyFingerprint(key);
  const record = await store.withOperator((op) => op.findApiKey(keyId));
  if (!record || record.revoked || !constantTimeEqual(record.secretHash, secretHash)) {
    throw new AppError('unauthorized', 'invalid API key');
  }
  return { kind: 'api_key', tenantId: record.tenantId, scopes: record.scopes, actor: `api_key:${keyId}` };
}

/**
 * Revokes a key by its public id; it fails at once (every request re-reads the key). With `tenantId`, only a key
 * of that tenant is revoked: another tenant's key id answers false, exactly like an unknown one.
 */
export async function revokeApiKey(
  store: MemoryStore,
  keyId: string,
  options: { tenantId?: string } = {},
): Promise<boolean> {
  return store.withOperator(async (op) => {
    if (options.tenantId !== undefined) {
      const record = await op.findApiKey(keyId);
      if (!record || record.tenantId !== options.tenantId) return false;
    }
    return op.revokeApiKey(keyId);
  });
}
