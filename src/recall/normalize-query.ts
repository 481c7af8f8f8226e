// Normalises a recall query: one line, trimmed, and bounded in length while keeping both ends.
import { collapseWhitespace, safeHead, safeTail } from './text.ts';

/** Longest query kept whole, in UTF-16 units; longer ones keep their head and tail. */
export const MAX_QUERY_CHARS = 800;
const KEEP_EACH_END = MAX_QUERY_CHARS / 2;

/**
 * Collapses whitespace and trims; past {@link MAX_QUERY_CHARS} keeps the first 400 and the last 400 chars,
 * joined by one space. Why both ends: a long prompt usually states its context first and its actual question
 * last, and the middle is the least useful part for matching. Cuts never split a surrogate pair, so the result
 * is at most 801 units long.
 */
export function normalizeQuery(query: string): string {
  const collapsed = collapseWhitespace(query);
  if (collapsed.length <= MAX_QUERY_CHARS) return collapsed;
  const head = safeHead(collapsed, KEEP_EACH_END).trimEnd();
  const tail = safeTail(collapsed, KEEP_EACH_END).trimStart();
  return `${head} ${tail}`;
}
