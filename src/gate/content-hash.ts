// The dedupe key of a memory: SHA-256 of its normalised, lowercased text, via Web Crypto (Node 20 and Workers).

const encoder = new TextEncoder();

/**
 * Hex SHA-256 of `normalizedContent.toLowerCase()`. Callers pass already-normalised text, so two writes that
 * differ only in case, spacing or Unicode form share a hash. `toLowerCase` (not the locale variant) keeps the
 * hash identical on every runtime.
 */
export async function contentHash(normalizedContent: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(normalizedContent.toLowerCase()));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
