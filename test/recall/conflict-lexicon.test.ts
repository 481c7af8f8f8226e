import { describe, expect, it } from 'vitest';
import { CUES } from '../../src/recall/conflict-lexicon.ts';

describe('CUES', () => {
  it('gives every word one kind across all languages (the lexicon is merged)', () => {
    const kinds = new Map<string, Set<string>>();
    for (const lists of Object.values(CUES)) {
      for (const [kind, words] of Object.entries(lists)) {
        for (const word of words ?? []) kinds.set(word, (kinds.get(word) ?? new Set()).add(kind));
      }
    }
    expect([...kinds].filter(([, k]) => k.size > 1).map(([w, k]) => `${w}: ${[...k].join(', ')}`)).toEqual(
      [],
    );
  });

  it('lists words lower case, apostrophes folded, without spaces', () => {
    const bad = Object.values(CUES)
      .flatMap((lists) => Object.values(lists).flat())
      .filter((w) => w !== w.toLowerCase() || /[\s\u2019]/.test(w));
    expect(bad).toEqual([]);
  });

  it('has negation and desire cues in every supported language', () => {
    for (const [language, lists] of Object.entries(CUES)) {
      expect(lists.negator?.length, language).toBeGreaterThan(0);
      expect(lists.desire?.length, language).toBeGreaterThan(0);
    }
  });
});
