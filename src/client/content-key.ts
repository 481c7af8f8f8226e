// The write gate's normalisation and dedupe hash, for clients that write through supabase-js. The client folder
// loads only its own modules (it ships to browsers and Workers on its own), so this mirrors src/gate/normalize.ts
// and src/gate/content-hash.ts; test/client/content-key.test.ts fails if the two ever differ.

// Zero-width space, word joiner, BOM and soft hyphen: invisible, meaningless, and they split tokens.
const INVISIBLE = /[\u200B\u2060\uFEFF\u00AD]/g;
// C0 and C1 controls except newline.
const CONTROL = /(?!\n)\p{Cc}/gu;
// Every line break Unicode knows becomes "\n".
const LINE_BREAK = /\r\n?|[\v\f\u{85}\u2028\u2029]/gu;
// Tab and every Unicode space separator.
const HORIZONTAL_SPACE = /[\t\p{Zs}]+/gu;

/** The text the server would store for `text`: same line breaks, spaces, Unicode form and trimming. */
export function normalizeContent(text: string): string {
  return text
    .replace(LINE_BREAK, '\n')
    .replace(HORIZONTAL_SPACE, ' ')
    .replace(CONTROL, '')
    .replace(INVISIBLE, '')
    .normalize('NFC')
    .replace(HORIZONTAL_SPACE, ' ')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Hex SHA-256 of the lowercased normalised text: the key write_memory dedupes on. */
export async function contentHash(normalizedContent: string): Promise<string> {
  const digest = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(normalizedContent.toLowerCase()),
  );
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
