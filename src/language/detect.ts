// Detects the language of a memory or a query: CJK by script, everything else by the `eld` n-gram detector,
// and `und` (undetermined) whenever the text is too short or the detector is torn between two languages.
//
// Why `und` rather than a guess: the language picks the stemmer a memory is indexed with, and a wrong stemmer
// loses matches that `simple` (no stemming, the configuration for und) would still find.
//
// Why eld (the "extrasmall" database), measured by scripts/language-detectors.ts on test/language/short-texts.ts
// (242 memory-like sentences of 5 to 15 words in 11 languages, 110 of 2 to 6 words): with the thresholds below,
// 0 wrong answers on either set and on 40 held-out sentences, 93% of the short non-CJK sentences decided;
// tinyld (light, normal) and franc-min guess wrong on 1 to 12% of the short sentences and give no usable
// confidence to abstain on. The price: about 280 KiB gzipped and about 110 ms to build its tables, paid on the
// first non-CJK detection (it is imported lazily), never at start-up.
import { cjkScriptOf } from './scripts.ts';

/** ISO 639-1 code, or `und`. */
export type LanguageCode = string;
export const UNDETERMINED = 'und';

/** Fewer letters than this (outside CJK) is too little to tell a language by. */
export const MIN_LETTERS = 15;
/** The best language must beat the second by this share of its score, or the answer is `und`. */
export const MIN_MARGIN = 0.02;

const LETTER = /\p{L}/u;
const URL_OR_EMAIL = /\b(?:https?:\/\/|www\.)\S+|\S+@\S+\.\S+/giu;

interface Counts {
  han: number;
  kana: number;
  hangul: number;
  /** Runs of non-CJK letters. */
  words: number;
  /** Non-CJK letters. */
  letters: number;
}

function count(text: string): Counts {
  const counts: Counts = { han: 0, kana: 0, hangul: 0, words: 0, letters: 0 };
  let inWord = false;
  for (const char of text) {
    const cjk = cjkScriptOf(char.codePointAt(0)!);
    if (cjk) counts[cjk]++;
    const letter = !cjk && LETTER.test(char);
    if (letter) counts.letters++;
    if (letter && !inWord) counts.words++;
    inWord = letter;
  }
  return counts;
}

/**
 * The language that the script alone decides, or null when it does not: text mostly written in CJK characters
 * (at least two for each non-CJK word: "我们都用 PostgreSQL" is Chinese) is Japanese when it has any kana,
 * else Korean when it has Hangul, else Chinese. Japanese written in kanji only reads as Chinese.
 */
export function scriptLanguage(text: string): 'zh' | 'ja' | 'ko' | null {
  const c = count(text);
  const cjk = c.han + c.kana + c.hangul;
  if (cjk === 0 || cjk < 2 * c.words) return null;
  if (c.kana > 0) return 'ja';
  return c.hangul > 0 ? 'ko' : 'zh';
}

interface Eld {
  detect(text: string): { language: string; getScores(): Record<string, number> };
}

let eld: Promise<Eld> | undefined;
function loadEld(): Promise<Eld> {
  eld ??= import('eld/extrasmall').then((m) => m.eld as Eld);
  return eld;
}

/**
 * Letters that rule a Cyrillic language in or out, where the n-gram scores of Russian, Ukrainian, Belarusian,
 * Bulgarian and Serbian are often within a hair of each other on one sentence: Ukrainian writes і, ї, є or ґ in
 * almost any sentence and never ы, э, ё or ъ; Russian has none of і ї є ґ ў ђ ј љ њ ћ џ; and so on.
 */
const ALPHABET: Readonly<Record<string, { needs?: RegExp; excludes?: RegExp }>> = {
  uk: { needs: /[іїєґ]/iu, excludes: /[ыэёъ]/iu },
  be: { needs: /[ўі]/iu, excludes: /[ищъ]/iu },
  bg: { excludes: /[ыэё]/iu },
  sr: { excludes: /[йщъыьэюяё]/iu },
  ru: { excludes: /[іїєґўђјљњћџ]/iu },
};

function possible(language: string, text: string): boolean {
  const rule = ALPHABET[language];
  return !rule || ((!rule.needs || rule.needs.test(text)) && !rule.excludes?.test(text));
}

/** The detector's answer when its best possible language clearly beats the second, else und. */
function decide(scores: Record<string, number>, text: string): LanguageCode {
  const [best, second] = Object.entries(scores)
    .filter(([language]) => possible(language, text))
    .sort((a, b) => b[1] - a[1]);
  if (!best || !(best[1] > 0)) return UNDETERMINED;
  if (second && (best[1] - second[1]) / best[1] < MIN_MARGIN) return UNDETERMINED;
  return best[0];
}

/**
 * The language of `text` as an ISO 639-1 code, or `und` when it cannot be told: CJK by script
 * ({@link scriptLanguage}); otherwise, with URLs, e-mail addresses and CJK characters left out, `und` under
 * {@link MIN_LETTERS} letters, else the n-gram detector's answer if it is clear ({@link MIN_MARGIN}).
 * Pure (no I/O); the detector's tables load on the first call that needs them.
 */
export async function detectLanguage(text: string): Promise<LanguageCode> {
  const byScript = scriptLanguage(text);
  if (byScript) return byScript;
  const rest = Array.from(text.replace(URL_OR_EMAIL, ' '), (char) =>
    cjkScriptOf(char.codePointAt(0)!) ? ' ' : char,
  ).join('');
  if (count(rest).letters < MIN_LETTERS) return UNDETERMINED;
  const detector = await loadEld();
  return decide(detector.detect(rest).getScores(), rest);
}
