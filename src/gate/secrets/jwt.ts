// Detects JSON Web Tokens: three base64url parts whose first part decodes to a JSON header naming an `alg`.
import { findAll } from './match.ts';
import type { SecretFinding } from './types.ts';

// "eyJ" is base64 for '{"', which every JWT header starts with; the signature may be empty (alg "none").
const JWT_SHAPE = /(?<![A-Za-z0-9_-])(eyJ[A-Za-z0-9_-]{5,})\.[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]*/g;

/** Decodes one base64url segment to a string, or returns null when it is not valid base64url. */
export function decodeBase64Url(segment: string): string | null {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  if (base64.length % 4 === 1) return null;
  try {
    // atob exists on Node 20 and Workers; the header is ASCII JSON, so a binary string is enough here.
    return atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  } catch {
    return null;
  }
}

function isJwtHeader(segment: string): boolean {
  const decoded = decodeBase64Url(segment);
  // Throwing is the slow path of JSON.parse: skip it for what cannot be a JSON object anyway.
  if (decoded === null || !decoded.startsWith('{') || !decoded.trimEnd().endsWith('}')) return false;
  try {
    const header: unknown = JSON.parse(decoded);
    return (
      typeof header === 'object' && header !== null && typeof (header as { alg?: unknown }).alg === 'string'
    );
  } catch {
    return false;
  }
}

/** JWTs (and JWE compact tokens) whose header is real JSON with an `alg` member. */
export function detectJwts(text: string): SecretFinding[] {
  return findAll(text, JWT_SHAPE, 'secret.jwt', { accept: (_token, match) => isJwtHeader(match[1] ?? '') });
}
