// The value filter of searches: exact values (structural for objects) and LangGraph's comparison operators.
import { describe, expect, it } from 'vitest';
import { jsonEqual, matchesFilter } from '../../../src/integrations/langgraph/filter.ts';

const value = { color: 'red', score: 4.5, tags: ['a', 'b'], meta: { x: 1 } };

describe('matchesFilter', () => {
  it('matches exact values, objects and arrays included', () => {
    expect(matchesFilter(value, { color: 'red' })).toBe(true);
    expect(matchesFilter(value, { color: 'blue' })).toBe(false);
    expect(matchesFilter(value, { meta: { x: 1 }, tags: ['a', 'b'] })).toBe(true);
    expect(matchesFilter(value, { tags: ['b', 'a'] })).toBe(false);
    expect(matchesFilter(value, { missing: 'x' })).toBe(false);
    expect(matchesFilter(value, undefined)).toBe(true);
    expect(matchesFilter(value, {})).toBe(true);
  });

  it('applies the comparison operators, all of them per field', () => {
    expect(matchesFilter(value, { score: { $gt: 4, $lte: 4.5 } })).toBe(true);
    expect(matchesFilter(value, { score: { $gte: 5 } })).toBe(false);
    expect(matchesFilter(value, { score: { $lt: 4.5 } })).toBe(false);
    expect(matchesFilter(value, { color: { $ne: 'blue' } })).toBe(true);
    expect(matchesFilter(value, { color: { $eq: 'red' } })).toBe(true);
    expect(matchesFilter(value, { color: { $in: ['red', 'green'] } })).toBe(true);
    expect(matchesFilter(value, { color: { $nin: ['red'] } })).toBe(false);
    expect(matchesFilter(value, { color: 'red', score: { $gt: 5 } })).toBe(false);
  });
});

describe('jsonEqual', () => {
  it('compares structure, not identity', () => {
    expect(jsonEqual({ a: [1, { b: null }] }, { a: [1, { b: null }] })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(jsonEqual([1], { 0: 1 })).toBe(false);
    expect(jsonEqual(null, {})).toBe(false);
  });
});
