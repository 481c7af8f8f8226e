// One reader for both languages' pattern tables: the statements of a sentence, each read by the first pattern that
// matches its clause, unless what comes before voids it (a hypothetical, someone else's words) or it is momentary.
import type { Finding } from './finding.ts';

export interface Pattern {
  re: RegExp;
  build: (m: RegExpMatchArray, quotes: readonly string[]) => Finding[];
  /** A momentary word in the clause ("tonight", "今天") voids the statement; off for slots a date does not void. */
  momentaryVoids?: boolean;
  /** Past words ("以前", "used to") void it: tastes change, so only a current one is kept. */
  pastVoids?: boolean;
}

export interface Reading {
  /** Where a clause ends: a statement reaches to the end of its clause, and another may start after it. */
  clauseBreak: RegExp;
  momentary: RegExp;
  /** True when the text before a statement (or the statement itself) makes it not the user's current view. */
  voids: (before: string, statement: string, pattern: Pattern) => boolean;
}

export type Span = [number, number];

export function overlaps(spans: readonly Span[], span: Span): boolean {
  return spans.some(([a, b]) => span[0] < b && a < span[1]);
}

function clauseEnd(text: string, from: number, brk: RegExp): number {
  const at = text.slice(from).search(brk);
  return at < 0 ? text.length : from + at;
}

function clauseStart(text: string, at: number, brk: RegExp): number {
  let start = 0;
  for (const m of text.slice(0, at).matchAll(new RegExp(brk.source, `${brk.flags.replace('g', '')}g`))) {
    start = m.index + m[0].length;
  }
  return start;
}

/** The statements the patterns read in `text`, and the clause spans they took. */
export function readPatterns(
  text: string,
  patterns: readonly Pattern[],
  reading: Reading,
  quotes: readonly string[] = [],
): { found: Finding[]; taken: Span[] } {
  const found: Finding[] = [];
  const taken: Span[] = [];
  for (const pattern of patterns) {
    const re = new RegExp(
      pattern.re.source,
      pattern.re.flags.includes('g') ? pattern.re.flags : `${pattern.re.flags}g`,
    );
    for (const m of text.matchAll(re)) {
      const span: Span = [m.index, clauseEnd(text, m.index + 1, reading.clauseBreak)];
      if (overlaps(taken, span)) continue;
      if (reading.voids(text.slice(0, m.index), m[0], pattern)) continue;
      const clause = text.slice(clauseStart(text, m.index, reading.clauseBreak), span[1]);
      if (pattern.momentaryVoids !== false && reading.momentary.test(clause)) continue;
      const statements = pattern.build(m, quotes);
      if (statements.length > 0) {
        taken.push(span);
        found.push(...statements);
      }
    }
  }
  return { found, taken };
}
