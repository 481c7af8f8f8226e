// The views of a text the detectors read besides the stored one. Digits as ASCII digits, however they were
// written: people type numbers in their own script (an Arabic OTP "٤٩٥٨٣٨", a Persian national code, an Aadhaar in
// Devanagari, a Thai door code) or in full-width forms (a Japanese card "３５６６　４６５５"), voice assistants write what
// they hear (spoken-digits.ts), and OCR reads an O for a 0 ("46O5"). And tables as sent: the stored text has its tabs
// turned into spaces, which merges a TSV row's cells ("AYŞE DEMİR\t5432...\t05/28" becomes one run of words and
// numbers). And records' keys as the words a label is ("passport_number" as "passport number"). And the text without
// its asides in brackets, which stand between a label and its value. Offsets may differ
// from the stored text's: use the views to decide, not to redact. Pure.
import { COMPANY_WORDS } from './lexicon.ts';
import { normalizeContent } from './normalize.ts';
import { spellOutDigits } from './spoken-digits.ts';

/**
 * The zero of each decimal digit block people write numbers in (Unicode Nd), the full-width one included; each
 * block's ten digits follow its zero.
 */
const DIGIT_ZEROS: readonly number[] = [
  0x0660, // Arabic-Indic
  0x06f0, // Extended Arabic-Indic (Persian, Urdu)
  0x07c0, // NKo
  0x0966, // Devanagari
  0x09e6, // Bengali
  0x0a66, // Gurmukhi
  0x0ae6, // Gujarati
  0x0b66, // Oriya
  0x0be6, // Tamil
  0x0c66, // Telugu
  0x0ce6, // Kannada
  0x0d66, // Malayalam
  0x0de6, // Sinhala
  0x0e50, // Thai
  0x0ed0, // Lao
  0x0f20, // Tibetan
  0x1040, // Myanmar
  0x17e0, // Khmer
  0x1810, // Mongolian
  0xff10, // Full-width
];

const FOLDABLE = new RegExp(
  `[${DIGIT_ZEROS.map((z) => `\\u${z.toString(16).padStart(4, '0')}-\\u${(z + 9).toString(16).padStart(4, '0')}`).join('')}\\uff01-\\uff5e\\u3000]`,
  'gu',
);

/** One character folded: a digit of another script to its ASCII digit, a full-width form to its ASCII one. */
function fold(char: string): string {
  const cp = char.codePointAt(0)!;
  if (cp === 0x3000) return ' ';
  for (const zero of DIGIT_ZEROS)
    if (cp >= zero && cp <= zero + 9) return String.fromCharCode(48 + cp - zero);
  // U+FF01-FF5E mirror U+0021-007E (full-width punctuation and Latin letters).
  return String.fromCharCode(cp - 0xfee0);
}

/** The text with digits of every script and full-width forms as ASCII (one UTF-16 unit each, offsets kept). */
export function foldDigits(text: string): string {
  return text.replace(FOLDABLE, fold);
}

// A key of a JSON, YAML or env-style record, in snake or camel case, before its colon or equals sign:
// "passport_number", "nationalId". Not a hyphenated word ("Wi-Fi:", "e-mail:"): prose has those before colons,
// and each would cost the write a second pass of the detectors for nothing.
const RECORD_KEY = /(?<![\p{L}\p{N}_-])\p{L}+(?:_\p{L}+|\p{Lu}\p{Ll}+)+(?=["']?\s*[:=])/gu;

/** The text with its records' keys in words ("passport_number": -> "passport number":), as labels are written. */
export function keysAsWords(text: string): string {
  return text.replace(RECORD_KEY, (key) => key.replace(/_+/g, ' ').replace(/(?<=\p{Ll})(?=\p{Lu})/gu, ' '));
}

// What OCR reads for a digit inside a number on a photographed card or document ("9792 8l11 46O5", "15O3985712005"):
// an O or o between digits is a zero, an l or I a one. Only between two digits (a space or dash apart at most), so
// words keep their letters.
const OCR_ZERO = /(?<=\d[ -]?)[Oo](?=[ -]?\d)/g;
const OCR_ONE = /(?<=\d[ -]?)[lI](?=[ -]?\d)/g;

/** The text with OCR's letters for digits inside numbers as digits (one unit each, offsets kept). */
export function ocrDigits(text: string): string {
  return text.replace(OCR_ZERO, '0').replace(OCR_ONE, '1');
}

// And the other way round in the words of a label on a scanned sticker or form ("Passw0rd :", "Lockbox c0de:",
// "PlN", "lBAN", "Employee lD"): a 0 between two letters is an o, a lower-case l among capitals an I. A value read
// in this view may lose a digit ("Tr0mbone" -> "Trombone"), so the stored text is read too, as always.
const OCR_O = /(?<=\p{L})0(?=\p{L})/gu;
const OCR_CAPITAL_I = /(?<=\b\p{Lu}*)l(?=\p{Lu}+\b)|(?<=\b\p{Lu}+)l(?=\p{Lu}*\b)/gu;

/** The text with OCR's digits and letters inside words as the letters they stand for (one unit each). */
export function ocrLetters(text: string): string {
  return text.replace(OCR_O, 'o').replace(OCR_CAPITAL_I, 'I');
}

/** The text with its digits as ASCII digits (other scripts, full-width forms, OCR's letters, spoken); the same string when none. */
export function digitView(text: string): string {
  return spellOutDigits(ocrDigits(foldDigits(text)));
}

// An aside in brackets between a label and its value ("Пароль от аккаунта Mi Home (там пылесос, лампы) — ...",
// "Mật khẩu trang quản trị modem (192.168.1.1) là ...", "password ya WiFi (jina la mtandao ni Kamau_Home) ni ..."):
// the detectors read the text once more without it, where a label's words run straight to its separator.
const ASIDE = /\s*[(（][^()（）\n]{1,80}[)）]/g;

/**
 * The text without its asides in brackets, or the text itself. An aside that says whose number follows is kept (a
 * company's legal form or the word for one, COMPANY_WORDS): it is what tells a company's tax number from a person's
 * ("NIP przedszkola (firma, nie osoba prywatna): ...").
 */
export function withoutAsides(text: string): string {
  return text.replace(ASIDE, (aside) => (COMPANY_WORDS.test(aside) ? aside : ''));
}

/**
 * The views of a stored (normalised) text the detectors read besides the text itself, none equal to it: its
 * digits and keys as words, the same without its asides in brackets when it has some, and when the text as sent
 * (`sent`) had tabs, the same of that text normalised with its tabs kept.
 */
export function otherViews(text: string, sent?: string): string[] {
  const view = (t: string) => digitView(keysAsWords(ocrLetters(t)));
  const views = new Set([view(text)]);
  if (/[(（]/.test(text)) views.add(view(withoutAsides(text)));
  if (sent?.includes('\t')) views.add(view(normalizeContent(sent, { keepTabs: true })));
  views.delete(text);
  return [...views];
}
