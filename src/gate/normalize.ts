// Normalises a memory's text without changing what it says: line endings, invisible characters, Unicode form,
// whitespace runs. The result is what gets stored, hashed for dedupe and scanned by the detectors.

// Zero-width space, word joiner, BOM and soft hyphen render as nothing and carry no meaning, but they split
// tokens: left in, "AKIA\u200B..." would slip past the secret detectors and "ig\u200Bnore" past the injection
// ones. ZWJ/ZWNJ and the bidi marks are kept: emoji sequences and Persian or Arabic text depend on them.
const INVISIBLE = /[\u200B\u2060\uFEFF\u00AD]/g;
// C0 and C1 controls except newline; tabs and other breaks were turned into spaces or newlines before this.
const CONTROL = /(?!\n)\p{Cc}/gu;
// Every line break Unicode knows (CRLF, CR, VT, FF, NEL, line and paragraph separators) becomes "\n".
const LINE_BREAK = /\r\n?|[\v\f\u{85}\u2028\u2029]/gu;
// Horizontal whitespace: tab, every Unicode space separator (NBSP, en/em spaces, ideographic space...).
const HORIZONTAL_SPACE = /[\t\p{Zs}]+/gu;
const SPACE_BUT_TAB = /\p{Zs}+/gu;
const CONTROL_BUT_TAB = /(?![\n\t])\p{Cc}/gu;

/**
 * Returns the normalised form of a memory's text: CRLF/CR/U+2028/U+2029/VT/FF become newlines, controls
 * and invisible characters are removed, the text is put in Unicode NFC, runs of spaces collapse to one,
 * spaces around line breaks go, more than one blank line collapses to one, and the ends are trimmed.
 * Idempotent: normalizeContent(normalizeContent(x)) === normalizeContent(x).
 */
export function normalizeContent(text: string, options: { keepTabs?: boolean } = {}): string {
  // Tabs kept: the gate's view of a table as sent (detection-views.ts); what is stored never keeps them.
  const space = options.keepTabs ? SPACE_BUT_TAB : HORIZONTAL_SPACE;
  const lines = text
    .replace(LINE_BREAK, '\n')
    .replace(space, ' ')
    .replace(options.keepTabs ? CONTROL_BUT_TAB : CONTROL, '')
    .replace(INVISIBLE, '')
    // NFC after stripping: removing a control between a letter and a combining mark creates a new pair to compose.
    .normalize('NFC')
    // NFC can map one space separator to another (U+2000 -> U+2002), so collapse after it.
    .replace(space, ' ');
  return lines
    .split('\n')
    .map((line) => (options.keepTabs ? line.replace(/^ +| +$/g, '') : line.trim()))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
