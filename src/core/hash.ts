// Hashing that runs unchanged on Node, Workers and browsers (plain TypeScript and Web Crypto's random values).
import { sha256HexSync } from './sha256.ts';

const encoder = new TextEncoder();

/** Lower-case hex SHA-256 of a UTF-8 string (async for its callers; computed synchronously, see sha256.ts). */
export async function sha256Hex(text: string): Promise<string> {
  return sha256HexSync(text);
}

/** Compares two strings in time that depends only on their length, not on where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = encoder.encode(a);
  const right = encoder.encode(b);
  let diff = left.length ^ right.length;
  const length = Math.max(left.length, right.length);
  for (let i = 0; i < length; i++) diff |= (left[i] ?? 0) ^ (right[i] ?? 0);
  return diff === 0;
}

/** A URL-safe random token of `bytes` random bytes (base62-ish alphabet, no padding). */
export function randomToken(length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const out: string[] = [];
  // Rejection sampling keeps the alphabet uniform (256 is not a multiple of 62).
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < 248 && out.length < length) out.push(alphabet[byte % 62]!);
    }
  }
  return out.join('');
}
