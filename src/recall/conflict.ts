// Drops a stored preference when the current input says the opposite about the same facet: the user now wins.
import type { Polarity } from '../core/schemas.ts';
import {
  ACTIONS,
  AFTER_AVERSIONS,
  AFTER_DESIRES,
  AVERSIONS,
  CLAUSE_WORDS,
  DESIRES,
  LIKE_SUBJECTS,
  LIKE_WORDS,
  NEGATOR_CONTRACTION,
  NEGATORS,
  NEUTRALISERS,
} from './conflict-lexicon.ts';
import { foldApostrophes } from './text.ts';
import type { Candidate } from './types.ts';

/** The query's stance towards a facet; null when it states none (or contradicts itself). */
export type Stance = Exclude<Polarity, 'neutral'> | null;

export interface ConflictDrop {
  id: string;
  reason: 'conflict_with_input';
}

/** How far a cue may sit before the facet, and a negation before its cue ("I do not really want cilantro"). */
const BACK_WINDOW = 6;
const NEGATION_WINDOW = 3;
const AFTER_WINDOW = 3;

const WORD = /[\p{L}\p{N}]+(?:'[\p{L}\p{N}]+)*/gu;
const TOKEN = /[\p{L}\p{N}]+(?:'[\p{L}\p{N}]+)*|[.,;:!?()]/gu;
const PUNCTUATION = new Set(['.', ',', ';', ':', '!', '?', '(', ')']);
const SENTENCE_END = new Set(['.', '!', '?', ';']);

/** Lower-cased words and clause punctuation, apostrophes folded ("Don’t" -> "don't"). */
export function tokenize(text: string): string[] {
  return foldApostrophes(text.toLowerCase()).match(TOKEN) ?? [];
}

/**
 * The words a facet is mentioned by: the last segment of a namespaced facet ("diet.cilantro", "food/cilantro"
 * -> cilantro), split on anything but letters and digits ("spicy_food" -> spicy food).
 */
export function facetTerms(facet: string): string[] {
  const segments = foldApostrophes(facet.toLowerCase())
    .split(/[.:/]/)
    .filter((s) => s.trim() !== '');
  return segments.at(-1)?.match(WORD) ?? [];
}

/** Exact, or a regular plural either way (onion/onions, tomato/tomatoes, berry/berries). Never a prefix. */
function sameWord(token: string, term: string): boolean {
  if (token === term) return true;
  const [short, long] = token.length < term.length ? [token, term] : [term, token];
  return (
    long === `${short}s` ||
    long === `${short}es` ||
    (short.endsWith('y') && long === `${short.slice(0, -1)}ies`)
  );
}

function isBoundary(token: string): boolean {
  return PUNCTUATION.has(token) || CLAUSE_WORDS.has(token);
}

function isNegator(token: string): boolean {
  return NEGATORS.has(token) || NEGATOR_CONTRACTION.test(token);
}

/** True when a negator sits within NEGATION_WINDOW tokens before `at`, in the same clause. */
function negatedAt(tokens: readonly string[], at: number): boolean {
  for (let p = at - 1; p >= Math.max(0, at - NEGATION_WINDOW); p--) {
    const t = tokens[p]!;
    if (isBoundary(t)) return false;
    if (isNegator(t)) return true;
  }
  return false;
}

function isDesire(tokens: readonly string[], at: number): boolean {
  const t = tokens[at]!;
  if (DESIRES.has(t)) return true;
  const previous = tokens[at - 1];
  return LIKE_WORDS.has(t) && previous !== undefined && LIKE_SUBJECTS.has(previous);
}

/** The nearest cue before the mention decides; 'none' means no cue there, so the words after may speak. */
function stanceBefore(tokens: readonly string[], start: number): Stance | 'none' {
  for (let p = start - 1; p >= Math.max(0, start - BACK_WINDOW); p--) {
    const t = tokens[p]!;
    if (isBoundary(t)) break;
    if (NEUTRALISERS.has(t)) return null;
    if (isNegator(t)) return 'avoid';
    if (AVERSIONS.has(t)) return negatedAt(tokens, p) ? null : 'avoid';
    if (isDesire(tokens, p)) return negatedAt(tokens, p) ? 'avoid' : 'prefer';
    if (ACTIONS.has(t) && negatedAt(tokens, p)) return 'avoid';
  }
  return 'none';
}

function stanceAfter(tokens: readonly string[], end: number): Stance {
  // "cilantro please" / "cilantro, please": only right after the facet, where it can only be about it.
  const next = tokens[end + 1] === ',' ? tokens[end + 2] : tokens[end + 1];
  if (next !== undefined && AFTER_DESIRES.has(next)) return 'prefer';
  for (let p = end + 1; p <= Math.min(tokens.length - 1, end + AFTER_WINDOW); p++) {
    const t = tokens[p]!;
    if (isBoundary(t) || isNegator(t)) return null;
    if (AFTER_AVERSIONS.has(t)) return 'avoid';
  }
  return null;
}

/** A mention inside a question ("do you like cilantro?") states no stance. */
function inQuestion(tokens: readonly string[], end: number): boolean {
  for (let p = end + 1; p < tokens.length; p++) {
    const t = tokens[p]!;
    if (SENTENCE_END.has(t)) return t === '?';
  }
  return false;
}

function stanceAt(tokens: readonly string[], start: number, end: number): Stance {
  if (inQuestion(tokens, end)) return null;
  const before = stanceBefore(tokens, start);
  return before === 'none' ? stanceAfter(tokens, end) : before;
}

/**
 * The stance the (tokenized) input takes towards a facet, read from cue words in a window around each mention
 * of the facet's words. Mentions that disagree cancel out (null): when unsure, keep the memory.
 */
export function stanceTowards(tokens: readonly string[], facet: string): Stance {
  const terms = facetTerms(facet);
  if (terms.length === 0) return null;
  const stances = new Set<Stance>();
  for (let i = 0; i + terms.length <= tokens.length; i++) {
    const matches = terms.every((term, j) => {
      const token = tokens[i + j]!;
      return j === terms.length - 1 ? sameWord(token, term) : token === term;
    });
    if (!matches) continue;
    const stance = stanceAt(tokens, i, i + terms.length - 1);
    if (stance !== null) stances.add(stance);
  }
  return stances.size === 1 ? [...stances][0]! : null;
}

/**
 * Removes preferences that the current input contradicts: a memory {facet: cilantro, polarity: avoid} is not
 * injected when the user now says "I want cilantro", and the reverse. Only `preference` memories with a facet
 * and a prefer/avoid polarity take part: a `constraint` (an allergy, a legal limit) must still reach the prompt
 * whatever the user asks for, and facts, decisions and episodes state no stance.
 *
 * A missing facet is NOT inferred from the content: a wrongly inferred facet would silently drop a true memory
 * on every later recall, so facets are the write side's job, where they are stored once and can be reviewed.
 * Keeps the input order of the survivors.
 */
export function filterConflicts<T extends { candidate: Candidate }>(
  entries: readonly T[],
  query: string,
): { kept: T[]; dropped: ConflictDrop[] } {
  const tokens = tokenize(query);
  const stances = new Map<string, Stance>();
  const kept: T[] = [];
  const dropped: ConflictDrop[] = [];
  for (const e of entries) {
    const { kind, facet, polarity, id } = e.candidate;
    if (kind !== 'preference' || !facet || (polarity !== 'prefer' && polarity !== 'avoid')) {
      kept.push(e);
      continue;
    }
    let stance = stances.get(facet);
    if (stance === undefined) {
      stance = stanceTowards(tokens, facet);
      stances.set(facet, stance);
    }
    if (stance !== null && stance !== polarity) dropped.push({ id, reason: 'conflict_with_input' });
    else kept.push(e);
  }
  return { kept, dropped };
}
