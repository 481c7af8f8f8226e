// The recall budget: how many memories, and how many characters of them, a response may carry.
import { type RecallBudgetInput, RecallBudgetSchema } from '../contract/index.ts';
import { safeHead } from './text.ts';
import type { Candidate } from './types.ts';

export interface RecallBudget {
  max_items: number;
  max_chars_per_item: number;
  /** Cap on the sum of the returned contents (the context adds a short header and one prefix per line). */
  max_total_chars: number;
}

export const DEFAULT_BUDGET: Readonly<RecallBudget> = Object.freeze({
  max_items: 3,
  max_chars_per_item: 300,
  max_total_chars: 900,
});

/** Memories below this confidence are returned (marked) but never put in the prompt context. */
export const DEFAULT_CONFIDENCE_FLOOR = 0.7;

/**
 * Merges a request budget into the defaults.
 * @throws RangeError when a field is out of the schema's bounds (the HTTP layer should have refused it first).
 */
export function resolveBudget(input: RecallBudgetInput = {}): RecallBudget {
  const parsed = RecallBudgetSchema.safeParse(input);
  if (!parsed.success) throw new RangeError('invalid recall budget');
  return { ...DEFAULT_BUDGET, ...parsed.data };
}

export const ELLIPSIS = '…';

/**
 * Cuts `text` to at most `max` UTF-16 units, ellipsis included, at the last whitespace before the limit. One
 * word longer than half the room (a URL, a hash) is cut inside instead: a word boundary there would throw most
 * of the budget away.
 */
export function truncateAtWord(text: string, max: number): { text: string; truncated: boolean } {
  if (text.length <= max) return { text, truncated: false };
  if (max < 1) return { text: '', truncated: true };
  const room = max - ELLIPSIS.length;
  const head = safeHead(text, room);
  const wholeWords = /\s/.test(text.charAt(head.length));
  const lastSpace = head.search(/\s\S*$/);
  const cut = wholeWords || lastSpace < room / 2 ? head : head.slice(0, lastSpace);
  return { text: cut.trimEnd() + ELLIPSIS, truncated: true };
}

/** One entry that made it into the budget, with the content to return. */
export interface Budgeted<T> {
  entry: T;
  content: string;
  truncated: boolean;
  /** False for memories under the confidence floor: returned in `items`, kept out of `context`. */
  in_context: boolean;
}

/** Below this many characters a truncated fragment says too little to be worth a slot. */
const MIN_FRAGMENT_CHARS = 40;

/**
 * Fits ranked entries into the budget, best first. Confident memories are placed first, so a memory under the
 * confidence floor never takes a slot or characters from one that will reach the prompt; under-floor memories
 * then fill whatever room is left, marked `in_context: false`. An entry that does not fit whole is truncated
 * to the room left, unless that room is under 40 chars (then it is over budget and a shorter one may still
 * fit). Returns the selection in rank order.
 */
export function applyBudget<T extends { candidate: Candidate }>(
  ranked: readonly T[],
  budget: RecallBudget,
  confidenceFloor: number = DEFAULT_CONFIDENCE_FLOOR,
): { selected: Budgeted<T>[]; over_budget: string[] } {
  const chosen = new Map<T, Budgeted<T>>();
  let used = 0;
  const place = (entry: T, inContext: boolean): void => {
    if (chosen.size >= budget.max_items) return;
    const room = Math.min(budget.max_chars_per_item, budget.max_total_chars - used);
    const content = entry.candidate.content;
    if (content.length > room && room < Math.min(MIN_FRAGMENT_CHARS, budget.max_chars_per_item)) return;
    const cut = truncateAtWord(content, room);
    used += cut.text.length;
    chosen.set(entry, { entry, content: cut.text, truncated: cut.truncated, in_context: inContext });
  };
  const confident = (e: T): boolean => e.candidate.confidence >= confidenceFloor;
  for (const e of ranked) if (confident(e)) place(e, true);
  for (const e of ranked) if (!confident(e)) place(e, false);
  const selected: Budgeted<T>[] = [];
  const over_budget: string[] = [];
  for (const e of ranked) {
    const b = chosen.get(e);
    if (b) selected.push(b);
    else over_budget.push(e.candidate.id);
  }
  return { selected, over_budget };
}
