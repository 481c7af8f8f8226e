// Text handling shared by the offline patterns: one normal form, quotes masked, sentences, and phrase trimming.

/** Marks a masked quote in a sentence: `\uE000<n>\uE001` stands for the n-th quoted span (private-use characters). */
const QUOTE_TOKEN = /\uE000(\d+)\uE001/g;

/** NFKC (full-width punctuation becomes ASCII: ，-> ,  ？-> ?), curly apostrophes folded, runs of spaces as one. */
export function normaliseTurn(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u02bc\u2032]/g, "'")
    .replace(/[\t ]+/g, ' ')
    .trim();
}

// Double quotes of every kind, CJK corner brackets and guillemets always quote; a single quote only when it opens
// after a space or punctuation and closes before one, so "I'm", "Pepper's" and 5'3 stay words.
const QUOTED =
  /"[^"\n]*"|\u201c[^\u201d\n]*\u201d|\u300c[^\u300d\n]*\u300d|\u300e[^\u300f\n]*\u300f|\u00ab[^\u00bb\n]*\u00bb|(?<=^|[\s:(,-])'[^'\n]+'(?=$|[\s.,!?;:)-])/gu;

export interface Masked {
  text: string;
  /** The quoted spans, without their quote marks, by number. */
  quotes: string[];
}

/**
 * Replaces every quoted span by a token: words inside quotes are someone's words (a title, a phrase to translate,
 * reported speech), never the user's own statement. Rules still read a quoted trigger back (`quoted`).
 */
export function maskQuotes(text: string): Masked {
  const quotes: string[] = [];
  const masked = text.replace(QUOTED, (span) => {
    quotes.push(span.slice(1, -1).trim());
    return `\uE000${quotes.length - 1}\uE001`;
  });
  return { text: masked, quotes };
}

/** The quote a phrase consists of, if it is just a quote token; otherwise the phrase without tokens. */
export function unmask(phrase: string, quotes: readonly string[]): string {
  const whole = /^\s*\uE000(\d+)\uE001\s*$/.exec(phrase);
  if (whole) return quotes[Number(whole[1])] ?? '';
  return phrase.replace(QUOTE_TOKEN, '').replace(/\s+/g, ' ').trim();
}

/** A phrase with its quote tokens put back as the quoted words, between `open` and `close`. */
export function withQuotes(phrase: string, quotes: readonly string[], open: string, close: string): string {
  return phrase
    .replace(QUOTE_TOKEN, (_, i: string) => `${open}${quotes[Number(i)] ?? ''}${close}`)
    .replace(/\s+/g, ' ')
    .trim();
}

export function hasQuote(text: string): boolean {
  return /\uE000\d+\uE001/.test(text);
}

export interface Sentence {
  text: string;
  /** Ended with a question mark. */
  question: boolean;
}

/**
 * Splits on sentence ends (. ! ? ; followed by a space, the end or CJK text; 。 and line breaks anywhere), keeping
 * whether each ended as a question. A mark inside a token (1.5, example.com, a JWT's dots, "Tiger1!x") and a full
 * stop after a single capital (J. Smith) end nothing: cutting a token in two would also cut a secret in two,
 * and the write gate recognises a whole secret, not its pieces.
 */
export function sentences(text: string): Sentence[] {
  const out: Sentence[] = [];
  const re = /(?:(?<!\b[A-Z])[.!?;]+(?=\s|$|[\p{Script=Han}\uE000])|[。\n]+)+/gu;
  let start = 0;
  for (const m of text.matchAll(re)) {
    const body = text.slice(start, m.index).trim();
    if (body !== '') out.push({ text: body, question: m[0].includes('?') });
    start = m.index + m[0].length;
  }
  const rest = text.slice(start).trim();
  if (rest !== '') out.push({ text: rest, question: false });
  return out;
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// A character of a space-delimited token: CJK text has no spaces, so a CJK character never extends one.
const TOKEN_CHAR = /[^\s\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\uE000\uE001]/u;

/** True when the mark at `at` sits inside a token ("srv://", "R2tN!x9"): a cut there would keep only part of it. */
export function insideToken(text: string, at: number): boolean {
  const before = text[at - 1];
  const after = text[at + 1];
  return before !== undefined && after !== undefined && TOKEN_CHAR.test(before) && TOKEN_CHAR.test(after);
}

/** Trims spaces and trailing punctuation a cut phrase may keep. */
export function clean(phrase: string): string {
  return phrase
    .replace(/\s+/g, ' ')
    .replace(/^[\s,:;-]+|[\s,:;.!-]+$/g, '')
    .trim();
}
