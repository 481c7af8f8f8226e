// Strict base64url (RFC 4648 §5, no padding) for JWTs, on Web Crypto runtimes (Node, Workers, browsers).

const ALPHABET = /^[A-Za-z0-9_-]*$/;

/** Decodes unpadded base64url; null for anything else (padding, other characters, an impossible length). */
export function base64UrlDecode(text: string): Uint8Array<ArrayBuffer> | null {
  // A length of 1 mod 4 cannot come from any byte string: reject it rather than let atob guess.
  if (!ALPHABET.test(text) || text.length % 4 === 1) return null;
  const padded = text.replaceAll('-', '+').replaceAll('_', '/') + '='.repeat((4 - (text.length % 4)) % 4);
  let binary: string;
  try {
    binary = atob(padded);
  } catch {
    return null;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  // Non-zero trailing bits decode to the same bytes: accept only the one canonical spelling, so that a token
  // has exactly one valid text.
  return base64UrlEncode(bytes) === text ? bytes : null;
}

/** Encodes bytes (or a UTF-8 string) as unpadded base64url. */
export function base64UrlEncode(input: Uint8Array | string): string {
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}
