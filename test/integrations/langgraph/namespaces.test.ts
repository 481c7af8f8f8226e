// listNamespaces selection: prefix and suffix conditions with wildcards, depth cut with dedupe, order, paging.
import { describe, expect, it } from 'vitest';
import { matchesCondition, selectNamespaces } from '../../../src/integrations/langgraph/namespaces.ts';

const all = [
  ['u1', 'prefs', 'food'],
  ['u1', 'prefs', 'music'],
  ['u1', 'notes'],
  ['u2', 'prefs', 'food'],
  ['u1', 'prefs', 'food'],
];

describe('selectNamespaces', () => {
  it('dedupes and sorts label by label', () => {
    expect(selectNamespaces(all, { limit: 100, offset: 0 })).toEqual([
      ['u1', 'notes'],
      ['u1', 'prefs', 'food'],
      ['u1', 'prefs', 'music'],
      ['u2', 'prefs', 'food'],
    ]);
  });

  it('applies prefix and suffix conditions with * wildcards, together', () => {
    const prefix = { matchType: 'prefix' as const, path: ['*', 'prefs'] };
    const suffix = { matchType: 'suffix' as const, path: ['food'] };
    expect(selectNamespaces(all, { matchConditions: [prefix, suffix], limit: 100, offset: 0 })).toEqual([
      ['u1', 'prefs', 'food'],
      ['u2', 'prefs', 'food'],
    ]);
    expect(matchesCondition(['u1'], { matchType: 'prefix', path: ['u1', 'prefs'] })).toBe(false);
    expect(matchesCondition(['a', 'b'], { matchType: 'suffix', path: ['*', 'b'] })).toBe(true);
  });

  it('cuts to maxDepth before deduping, then pages', () => {
    expect(selectNamespaces(all, { maxDepth: 2, limit: 100, offset: 0 })).toEqual([
      ['u1', 'notes'],
      ['u1', 'prefs'],
      ['u2', 'prefs'],
    ]);
    expect(selectNamespaces(all, { maxDepth: 2, limit: 1, offset: 1 })).toEqual([['u1', 'prefs']]);
  });
});
