// Splits text into lowercase word tokens the way the word-vector vocabulary was built (no apostrophes, no case), so
// that the local model reads words as its table holds them.

/** Contraction endings and the word each stands for; "'s" is dropped (possessive or "is": both carry no topic). */
const CONTRACTIONS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bcan't\b/g, 'can not'],
  [/\bwon't\b/g, 'will not'],
  [/\bshan't\b/g, 'shall not'],
  [/n't\b/g, ' not'],
  [/'m\b/g, ' am'],
  [/'re\b/g, ' are'],
  [/'ve\b/g, ' have'],
  [/'ll\b/g, ' will'],
  [/'d\b/g, ' would'],
  [/'s\b/g, ''],
];

/** Curly quotes, primes and backticks that people type as apostrophes. */
const APOSTROPHES = /[\u2018\u2019\u02bc\u2032`]/g;

/**
 * Lowercase tokens of letters and digits. Contractions are expanded first so "don't" becomes "do not" rather
 * than "don" (a name in the vocabulary) plus "t"; other apostrophes split words ("o'brien" -> "o", "brien").
 * Hyphenated words stay whole ("follow-up") so the caller can use the compound when the vocabulary has it and
 * split it otherwise.
 */
export function tokenize(text: string): string[] {
  let normalised = text.normalize('NFKC').toLowerCase().replace(APOSTROPHES, "'");
  for (const [pattern, replacement] of CONTRACTIONS) normalised = normalised.replace(pattern, replacement);
  const tokens: string[] = [];
  // A run of hyphens is a dash between words, a single one joins a compound.
  for (const raw of normalised.split(/[^\p{L}\p{N}-]+|-{2,}/u)) {
    const token = raw.replace(/^-+|-+$/g, '');
    if (token.length > 0) tokens.push(token);
  }
  return tokens;
}
