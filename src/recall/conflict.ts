// Drops a stored preference when the current input says the opposite about the same facet: the user now wins.
import type { Polarity } from '../contract/index.ts';
import { sameTerm } from '../language/forms.ts';
import { CJK_CHAR_CLASS, cjkScriptOf, hasCjk } from '../language/scripts.ts';
import {
  AFTER_AVERSIONS,
  AFTER_DESIRES,
  CUES,
  type CueKind,
  ELISIONS,
  LIKE_SUBJECTS,
  NEGATOR_CONTRACTION,
  PRONOUNS,
} from './conflict-lexicon.ts';
import { foldApostrophes } from './text.ts';
import type { Candidate } from './types.ts';

/** The query's stance towards a facet; null when it states none (or contradicts itself). */
export type Stance = Exclude<Polarity, 'neutral'> | null;

export interface ConflictDrop {
  id: string;
  reason: 'conflict_with_input';
}

/**
 * How far (in words, or Chinese characters and cue words) a cue may sit before the facet, a negation before its
 * cue ("I do not really want cilantro"), and a cue after the facet.
 */
const BACK_WINDOW = 6;
const NEGATION_WINDOW = 3;
const AFTER_WINDOW = 3;
/** Chinese often comments after its topic ("香菜我不吃", "香菜和洋葱都不要"): a wider window after the facet. */
const AFTER_WINDOW_CJK = 6;

// A token is one CJK character, a word of other letters and digits (apostrophes inside), or clause punctuation.
const LETTER = `(?:(?!${CJK_CHAR_CLASS})[\\p{L}\\p{N}])`;
const TOKEN = new RegExp(`${CJK_CHAR_CLASS}|${LETTER}+(?:'${LETTER}+)*|[.,;:!?()]`, 'gu');
const PUNCTUATION = new Set(['.', ',', ';', ':', '!', '?', '(', ')']);
const SENTENCE_END = new Set(['.', '!', '?', ';']);

/** The merged lexicon: one kind per cue, a Chinese cue keyed by its characters joined with spaces. */
const LEXICON = new Map<string, CueKind>();
for (const lists of Object.values(CUES)) {
  for (const [kind, words] of Object.entries(lists) as [CueKind, readonly string[]][]) {
    for (const word of words) LEXICON.set(hasCjk(word) ? [...word].join(' ') : word, kind);
  }
}
const LONGEST_CUE = Math.max(...[...LEXICON.keys()].map((k) => k.split(' ').length));

function isCjkToken(token: string): boolean {
  return cjkScriptOf(token.codePointAt(0)!) !== null;
}

/** "l'ail" -> "l'", "ail"; "n'aime" -> "n'", "aime"; "don't" stays one word. */
function splitElision(word: string): string[] {
  const at = word.indexOf("'");
  if (at <= 0 || !ELISIONS.has(word.slice(0, at))) return [word];
  return [word.slice(0, at + 1), ...splitElision(word.slice(at + 1))];
}

/**
 * Lower-cased tokens of `text`: words (apostrophes folded, French and Italian elisions split off), clause
 * punctuation (fullwidth and ideographic marks folded: "，" "。" "？" -> "," "." "?"), and each CJK character on
 * its own, so that CJK facets and cues match inside unspaced text.
 */
export function tokenize(text: string): string[] {
  const folded = foldApostrophes(text.normalize('NFKC').toLowerCase())
    .replace(/[。｡]/gu, '.')
    .replace(/[、､]/gu, ',');
  const tokens: string[] = [];
  for (const [token] of folded.matchAll(TOKEN)) {
    if (isCjkToken(token) || PUNCTUATION.has(token)) tokens.push(token);
    else tokens.push(...splitElision(token));
  }
  return tokens;
}

/**
 * The words a facet is mentioned by: the last segment of a namespaced facet ("diet.cilantro", "food/cilantro"
 * -> cilantro), split on anything but letters and digits ("spicy_food" -> spicy food); a CJK facet by its
 * characters ("diet.香菜" -> 香, 菜).
 */
export function facetTerms(facet: string): string[] {
  const segments = facet.split(/[.:/]/).filter((s) => s.trim() !== '');
  return tokenize((segments.at(-1) ?? '').replace(/_/g, ' ')).filter((t) => !PUNCTUATION.has(t));
}

interface Cue {
  kind: CueKind | 'boundary' | null;
  /** First and last token of the cue (one token for anything but Chinese cue words). */
  start: number;
  end: number;
}

function kindOf(tokens: readonly string[], from: number, to: number): CueKind | 'boundary' | null {
  if (from === to) {
    const t = tokens[from]!;
    if (PUNCTUATION.has(t)) return 'boundary';
    if (NEGATOR_CONTRACTION.test(t)) return 'negator';
  }
  return LEXICON.get(tokens.slice(from, to + 1).join(' ')) ?? null;
}

/** The longest cue ending at `p` (reading backwards from a facet). */
function cueEndingAt(tokens: readonly string[], p: number): Cue {
  for (let len = Math.min(LONGEST_CUE, p + 1); len > 1; len--) {
    const kind = kindOf(tokens, p - len + 1, p);
    if (kind) return { kind, start: p - len + 1, end: p };
  }
  return { kind: kindOf(tokens, p, p), start: p, end: p };
}

/** The longest cue starting at `q` (reading forwards from a facet). */
function cueStartingAt(tokens: readonly string[], q: number): Cue {
  for (let len = Math.min(LONGEST_CUE, tokens.length - q); len > 1; len--) {
    const kind = kindOf(tokens, q, q + len - 1);
    if (kind) return { kind, start: q, end: q + len - 1 };
  }
  return { kind: kindOf(tokens, q, q), start: q, end: q };
}

/** True when a negator sits within NEGATION_WINDOW steps before `at`, in the same clause. */
function negatedAt(tokens: readonly string[], at: number): boolean {
  for (let p = at - 1, steps = 0; p >= 0 && steps < NEGATION_WINDOW; steps++) {
    const cue = cueEndingAt(tokens, p);
    if (cue.kind === 'boundary' || cue.kind === 'clause') return false;
    if (cue.kind === 'negator') return true;
    p = cue.start - 1;
  }
  return false;
}

/**
 * A negation right before the facet ("no cilantro", "je ne mange pas de coriandre", "别放香菜") means avoid,
 * unless what it negates is a neutraliser or an aversion placed before it, as French and German put the verb
 * first: "n'oublie pas la coriandre" (don't forget), "je ne déteste pas la coriandre" (don't hate): no stance.
 */
function negationStance(tokens: readonly string[], at: number): Stance {
  let p = at - 1;
  while (p >= 0 && PRONOUNS.has(tokens[p]!)) p--;
  if (p < 0) return 'avoid';
  const before = cueEndingAt(tokens, p).kind;
  return before === 'neutraliser' || before === 'aversion' ? null : 'avoid';
}

function isDesire(tokens: readonly string[], cue: Cue): boolean {
  if (cue.kind === 'desire') return true;
  const previous = tokens[cue.start - 1];
  return cue.kind === 'like' && previous !== undefined && LIKE_SUBJECTS.has(previous);
}

/** The nearest cue before the mention decides; 'none' means no cue there, so the words after may speak. */
function stanceBefore(tokens: readonly string[], start: number): Stance | 'none' {
  for (let p = start - 1, steps = 0; p >= 0 && steps < BACK_WINDOW; steps++) {
    const cue = cueEndingAt(tokens, p);
    if (cue.kind === 'boundary' || cue.kind === 'clause') break;
    if (cue.kind === 'neutraliser') return null;
    if (cue.kind === 'negator') return negationStance(tokens, cue.start);
    if (cue.kind === 'aversion') return negatedAt(tokens, cue.start) ? null : 'avoid';
    if (isDesire(tokens, cue)) return negatedAt(tokens, cue.start) ? 'avoid' : 'prefer';
    if (cue.kind === 'action' && negatedAt(tokens, cue.start)) return 'avoid';
    p = cue.start - 1;
  }
  return 'none';
}

/** A (non-Chinese) negation soon after the facet: "I want cilantro not parsley", "ich mag Koriander nicht". */
function negatedAfter(tokens: readonly string[], end: number): boolean {
  for (let q = end + 1; q <= Math.min(tokens.length - 1, end + AFTER_WINDOW); q++) {
    const t = tokens[q]!;
    if (isCjkToken(t) || PUNCTUATION.has(t) || LEXICON.get(t) === 'clause') return false;
    if (LEXICON.get(t) === 'negator' || NEGATOR_CONTRACTION.test(t)) return true;
  }
  return false;
}

function stanceAfter(tokens: readonly string[], end: number): Stance {
  // "cilantro please" / "cilantro, please": only right after the facet, where it can only be about it.
  const next = tokens[end + 1] === ',' ? tokens[end + 2] : tokens[end + 1];
  if (next !== undefined && AFTER_DESIRES.has(next)) return 'prefer';
  for (let q = end + 1; q <= Math.min(tokens.length - 1, end + AFTER_WINDOW); q++) {
    const t = tokens[q]!;
    if (PUNCTUATION.has(t) || LEXICON.get(t) === 'clause' || LEXICON.get(t) === 'negator') return null;
    if (NEGATOR_CONTRACTION.test(t)) return null;
    if (AFTER_AVERSIONS.has(t)) return 'avoid';
  }
  return null;
}

/**
 * Chinese topic-comment order, read forwards: "香菜我不吃" / "香菜不要" / "我对香菜过敏" -> avoid, "香菜多放点" /
 * "香菜很好吃" -> prefer, "我对香菜不过敏" -> none (不过敏 is "not allergic").
 */
function stanceAfterCjk(tokens: readonly string[], end: number): Stance {
  for (let q = end + 1, steps = 0; q < tokens.length && steps < AFTER_WINDOW_CJK; steps++) {
    const cue = cueStartingAt(tokens, q);
    const kind = cue.kind;
    if (kind === 'boundary' || kind === 'clause' || kind === 'neutraliser' || kind === 'question')
      return null;
    if (kind === 'aversion') return 'avoid';
    if (kind === 'desire') return 'prefer';
    if (kind === 'negator') {
      const negated = cue.end + 1 < tokens.length ? cueStartingAt(tokens, cue.end + 1).kind : null;
      return negated === 'aversion' || negated === 'neutraliser' ? null : 'avoid';
    }
    q = cue.end + 1;
  }
  return null;
}

/**
 * A mention inside a question states no stance: the sentence around it ends in "?" ("do you like cilantro?",
 * "要香菜吗？"), or, in Chinese, holds a question word or particle (吗, 什么, 怎么...), ends in 呢, or asks
 * "A-not-A" (要不要, 能不能, 喜不喜欢).
 */
function inQuestion(tokens: readonly string[], start: number, end: number): boolean {
  let last = end + 1;
  while (last < tokens.length && !SENTENCE_END.has(tokens[last]!)) last++;
  if (tokens[last] === '?') return true;
  let first = start;
  while (first > 0 && !SENTENCE_END.has(tokens[first - 1]!)) first--;
  for (let i = first; i < last; i++) {
    const t = tokens[i]!;
    if (!isCjkToken(t)) continue;
    if (cueStartingAt(tokens, i).kind === 'question') return true;
    const [not, again] = [tokens[i + 1], tokens[i + 2]];
    if ((not === '不' || not === '没') && again === t && t !== '不' && t !== '没') return true;
  }
  return tokens[last - 1] === '呢';
}

function stanceAt(tokens: readonly string[], start: number, end: number): Stance {
  if (inQuestion(tokens, start, end)) return null;
  const before = stanceBefore(tokens, start);
  if (before === 'prefer' && negatedAfter(tokens, end)) return null;
  if (before !== 'none') return before;
  const next = tokens[end + 1];
  return next !== undefined && isCjkToken(next) ? stanceAfterCjk(tokens, end) : stanceAfter(tokens, end);
}

/**
 * The stance the (tokenized) input takes towards a facet, read from cue words in a window around each mention
 * of the facet's words. Mentions that disagree cancel out (null): when unsure, keep the memory. The last word of
 * the facet may appear in any of its forms ("onion" / "onions"; with the memory's `language`, its plurals too);
 * CJK facets match inside unspaced text ("香菜" in "我今天想吃香菜").
 */
export function stanceTowards(tokens: readonly string[], facet: string, language?: string | null): Stance {
  const terms = facetTerms(facet);
  if (terms.length === 0) return null;
  const stances = new Set<Stance>();
  for (let i = 0; i + terms.length <= tokens.length; i++) {
    const matches = terms.every((term, j) => {
      const token = tokens[i + j]!;
      return j === terms.length - 1 && !isCjkToken(term) ? sameTerm(token, term, language) : token === term;
    });
    if (!matches) continue;
    const stance = stanceAt(tokens, i, i + terms.length - 1);
    if (stance !== null) stances.add(stance);
  }
  return stances.size === 1 ? [...stances][0]! : null;
}

/**
 * Removes preferences that the current input contradicts: a memory {facet: cilantro, polarity: avoid} is not
 * injected when the user now says "I want cilantro" ("quiero cilantro", "我今天想吃香菜"), and the reverse. Only
 * `preference` memories with a facet and a prefer/avoid polarity take part: a `constraint` (an allergy, a legal
 * limit) must still reach the prompt whatever the user asks for, and facts, decisions and episodes state no
 * stance.
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
    const { kind, facet, polarity, id, language } = e.candidate;
    if (kind !== 'preference' || !facet || (polarity !== 'prefer' && polarity !== 'avoid')) {
      kept.push(e);
      continue;
    }
    const key = `${language ?? ''}\u0000${facet}`;
    let stance = stances.get(key);
    if (stance === undefined) {
      stance = stanceTowards(tokens, facet, language);
      stances.set(key, stance);
    }
    if (stance !== null && stance !== polarity) dropped.push({ id, reason: 'conflict_with_input' });
    else kept.push(e);
  }
  return { kept, dropped };
}
