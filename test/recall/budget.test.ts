import { describe, expect, it } from 'vitest';
import {
  applyBudget,
  DEFAULT_BUDGET,
  ELLIPSIS,
  resolveBudget,
  truncateAtWord,
} from '../../src/recall/budget.ts';
import { cand, entry } from './fixtures.ts';

const ids = (list: { entry: { candidate: { id: string } } }[]): string[] =>
  list.map((b) => b.entry.candidate.id);

describe('truncateAtWord', () => {
  it('leaves text within the limit alone', () => {
    expect(truncateAtWord('short', 5)).toEqual({ text: 'short', truncated: false });
  });

  it('cuts at the last word boundary and appends an ellipsis, within the limit', () => {
    expect(truncateAtWord('The quick brown fox jumps', 12)).toEqual({
      text: `The quick${ELLIPSIS}`,
      truncated: true,
    });
    // The room (8) ends exactly at a word end: the last word stays whole.
    expect(truncateAtWord('Hello my friend', 9)).toEqual({ text: `Hello my${ELLIPSIS}`, truncated: true });
  });

  it('cuts inside one word longer than half the room rather than wasting it', () => {
    const url = `see ${'x'.repeat(50)}`;
    const out = truncateAtWord(url, 20);
    expect(out.text).toBe(`see ${'x'.repeat(15)}${ELLIPSIS}`);
    expect(out.text.length).toBe(20);
  });

  it('never leaves half a surrogate pair before the ellipsis', () => {
    const out = truncateAtWord(`${'a'.repeat(8)}😀😀😀`, 10);
    expect(out.text).toBe(`${'a'.repeat(8)}${ELLIPSIS}`);
  });
});

describe('applyBudget', () => {
  const five = ['a', 'b', 'c', 'd', 'e'].map((id) => entry(cand(id)));

  it('keeps at most max_items, best first, and reports the rest as over budget', () => {
    const out = applyBudget(five, DEFAULT_BUDGET);
    expect(ids(out.selected)).toEqual(['a', 'b', 'c']);
    expect(out.over_budget).toEqual(['d', 'e']);
  });

  it('truncates each item to max_chars_per_item on a word boundary', () => {
    const long = `${'lorem ipsum '.repeat(40)}end`;
    const out = applyBudget([entry(cand('a', { content: long }))], DEFAULT_BUDGET);
    const [item] = out.selected;
    expect(item!.truncated).toBe(true);
    expect(item!.content.length).toBeLessThanOrEqual(300);
    expect(item!.content.endsWith(ELLIPSIS)).toBe(true);
    const kept = item!.content.slice(0, -1);
    expect(long.startsWith(kept)).toBe(true);
    expect(long.charAt(kept.length)).toBe(' ');
  });

  it('caps the total, truncating to the room left and skipping what no longer fits', () => {
    const words = (n: number) => 'word '.repeat(n).trim();
    const entries = [
      entry(cand('a', { content: words(60) })), // 299 chars
      entry(cand('b', { content: words(60) })), // truncated to the 201 left
      entry(cand('c', { content: words(60) })), // nothing left
    ];
    const out = applyBudget(entries, { max_items: 5, max_chars_per_item: 300, max_total_chars: 500 });
    expect(ids(out.selected)).toEqual(['a', 'b']);
    expect(out.selected[0]!.truncated).toBe(false);
    expect(out.selected[1]!.truncated).toBe(true);
    const total = out.selected.reduce((sum, b) => sum + b.content.length, 0);
    expect(total).toBeLessThanOrEqual(500);
    expect(total).toBeGreaterThan(480);
    expect(out.over_budget).toEqual(['c']);
  });

  it('skips a long memory when under 40 chars are left, but still fits a short one after it', () => {
    const entries = [
      entry(cand('a', { content: 'x'.repeat(70) })),
      entry(cand('b', { content: 'too long for the 30 chars that are left here' })),
      entry(cand('c', { content: 'fits in 30' })),
    ];
    const out = applyBudget(entries, { max_items: 5, max_chars_per_item: 300, max_total_chars: 100 });
    expect(ids(out.selected)).toEqual(['a', 'c']);
    expect(out.over_budget).toEqual(['b']);
  });

  it('keeps low-confidence memories out of the context and lets them use only the slots left', () => {
    const low = entry(cand('low', { confidence: 0.5 }));
    const crowded = applyBudget([low, ...five.slice(0, 4)], DEFAULT_BUDGET);
    expect(ids(crowded.selected)).toEqual(['a', 'b', 'c']);
    expect(crowded.over_budget).toEqual(['low', 'd']);

    const roomy = applyBudget([low, five[0]!], DEFAULT_BUDGET);
    expect(ids(roomy.selected)).toEqual(['low', 'a']);
    expect(roomy.selected.map((b) => b.in_context)).toEqual([false, true]);
  });

  it('applies a configured confidence floor', () => {
    const out = applyBudget([entry(cand('a', { confidence: 0.8 }))], DEFAULT_BUDGET, 0.85);
    expect(out.selected[0]!.in_context).toBe(false);
  });
});

describe('resolveBudget', () => {
  it('fills defaults and refuses out-of-range values', () => {
    expect(resolveBudget()).toEqual({ max_items: 3, max_chars_per_item: 300, max_total_chars: 900 });
    expect(resolveBudget({ max_items: 1 })).toEqual({
      max_items: 1,
      max_chars_per_item: 300,
      max_total_chars: 900,
    });
    expect(() => resolveBudget({ max_items: -1 })).toThrow(RangeError);
    expect(() => resolveBudget({ max_chars_per_item: 1.5 })).toThrow(RangeError);
  });
});
