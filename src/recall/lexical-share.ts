// How much of a query a memory's own words hold (issue 13 item 2): the evidence behind a lexical hit. The full-text
// lane matches any one query word (OR semantics), so its rank alone cannot tell a memory that shares one stray word
// with the question ("What are my children's names?" / "a golden retriever named Biscuit") from one that holds all
// of it; the share of the query's content words that the memory holds can. Pure; no fitted constant.

import { hasCjk } from '../language/scripts.ts';
import { STOP_WORDS } from '../language/stop-words.ts';
import { tokenize } from '../language/word-tokens.ts';

/** Shortest word that is matched by inflection rather than exactly ("name" ~ "names" ~ "named"). */
const MIN_STEM = 4;

/**
 * The content words of a text: tokens less the English stop words, hyphenated compounds split, CJK runs left out
 * (they are matched as bigrams in SQL, which a word comparison cannot judge). Distinct, in order.
 */
export function contentWords(text: string): string[] {
  const words = tokenize(text)
    .flatMap((token) => token.split('-'))
    .filter((word) => word.length > 0 && !STOP_WORDS.has(word) && !hasCjk(word));
  return [...new Set(words)];
}

/**
 * True when two words are the same word up to an inflection: equal, or both at least MIN_STEM letters long and
 * sharing all but the last two letters of the shorter one. A stand-in for the database's stemmer: SQL already
 * decided that the memory matches, this only says which query words it matched.
 */
export function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const shorter = Math.min(a.length, b.length);
  if (shorter < MIN_STEM) return false;
  const stem = Math.max(MIN_STEM, shorter - 2);
  return a.slice(0, stem) === b.slice(0, stem);
}

/**
 * The share (0..1) of `queryWords` that the memory's own words (`memoryWords`, its content and tags) hold; null
 * when the query has no content word to judge by (the lexical evidence then keeps its full weight).
 */
export function lexicalShare(queryWords: readonly string[], memoryWords: readonly string[]): number | null {
  if (queryWords.length === 0) return null;
  const held = queryWords.filter((q) => memoryWords.some((m) => sameWord(q, m))).length;
  return held / queryWords.length;
}
