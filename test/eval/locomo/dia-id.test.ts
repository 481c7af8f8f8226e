import { describe, expect, it } from 'vitest';
import { canonicalDiaId, normalizeDiaIds } from '../../../src/eval/locomo/dia-id.ts';

describe('normalizeDiaIds', () => {
  it('keeps a well-formed id as it is', () => {
    expect(normalizeDiaIds('D3:4')).toEqual(['D3:4']);
  });

  it('drops a stray colon after the D', () => {
    expect(normalizeDiaIds('D:11:26')).toEqual(['D11:26']);
  });

  it('drops leading zeros', () => {
    expect(normalizeDiaIds('D30:05')).toEqual(['D30:5']);
    expect(normalizeDiaIds('D07:010')).toEqual(['D7:10']);
  });

  it('splits compound entries on semicolons, commas and spaces', () => {
    expect(normalizeDiaIds('D8:6; D9:17')).toEqual(['D8:6', 'D9:17']);
    expect(normalizeDiaIds('D1:2,D1:3')).toEqual(['D1:2', 'D1:3']);
    expect(normalizeDiaIds('D1:2 D4:5')).toEqual(['D1:2', 'D4:5']);
  });

  it('removes duplicates within one entry, keeping the first', () => {
    expect(normalizeDiaIds('D2:1; D02:01; D1:1')).toEqual(['D2:1', 'D1:1']);
  });

  it('returns nothing for what is not an id', () => {
    expect(normalizeDiaIds('D')).toEqual([]);
    expect(normalizeDiaIds('')).toEqual([]);
    expect(normalizeDiaIds('session 3')).toEqual([]);
    expect(normalizeDiaIds('D0:4')).toEqual([]);
    expect(normalizeDiaIds('D3:0')).toEqual([]);
  });

  it('accepts a lowercase d and spaces around the colon', () => {
    expect(normalizeDiaIds(' d4 : 7 ')).toEqual(['D4:7']);
  });
});

describe('canonicalDiaId', () => {
  it('returns the first id or null', () => {
    expect(canonicalDiaId('D05:1')).toBe('D5:1');
    expect(canonicalDiaId('x')).toBeNull();
  });
});
