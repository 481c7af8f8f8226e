// The dedupe key of a memory: SHA-256 of its normalised, lowercased text (the same digest as Web Crypto's, computed
// synchronously: the gate hashes every memory of a batch, src/core/sha256.ts).
import { sha256HexSync } from '../core/sha256.ts';

/**
 * Hex SHA-256 of `normalizedContent.toLowerCase()`. Callers pass already-normalised text, so two writes that
 * differ only in case, spacing or Unicode form share a hash. `toLowerCase` (not the locale variant) keeps the
 * hash identical on every runtime.
 */
export async function contentHash(normalizedContent: string): Promise<string> {
  return sha256HexSync(normalizedContent.toLowerCase());
}
