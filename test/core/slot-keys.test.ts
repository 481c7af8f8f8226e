// The slot vocabulary: canonical keys, families, cardinality.
import { describe, expect, it } from 'vitest';
import {
  canonicalSlotKey,
  familyKey,
  isMultiValued,
  isSlotKey,
  slotThing,
  slotVocabularyLines,
} from '../../src/core/slot-keys.ts';

describe('slot keys', () => {
  it('knows the fixed slots and refuses invented ones', () => {
    expect(isSlotKey('residence')).toBe(true);
    expect(isSlotKey('child:name')).toBe(true);
    expect(isSlotKey('food_preference')).toBe(false);
    expect(isSlotKey('child:age')).toBe(false);
    expect(isSlotKey('toString')).toBe(false);
  });

  it('makes a family thing canonical so both phrasings fill one slot', () => {
    expect(familyKey('allergy', 'Peanuts')).toBe('allergy:peanut');
    expect(familyKey('allergy', 'peanut')).toBe('allergy:peanut');
    expect(familyKey('allergy', 'tree nuts')).toBe('allergy:tree_nut');
    expect(familyKey('allergy', 'berries')).toBe('allergy:berry');
    expect(familyKey('allergy', 'tomatoes')).toBe('allergy:tomato');
    expect(familyKey('allergy', 'grass')).toBe('allergy:grass');
    expect(familyKey('allergy', 'penicillin')).toBe('allergy:penicillin');
    expect(familyKey('allergy', '花生')).toBe('allergy:花生');
    expect(familyKey('allergy', '   ')).toBeUndefined();
    expect(familyKey('allergy', 'nuts; drop table')).toBeUndefined();
    // A token is not a thing: lower-casing a pasted key would hide it from the gate.
    expect(familyKey('allergy', 'AKIAJBCHILIIS2345XYZ')).toBeUndefined();
    expect(familyKey('allergy', 'vitamin b12')).toBeUndefined();
    expect(familyKey('allergy', 'x'.repeat(25))).toBeUndefined();
  });

  it('canonicalises keys as given by a model', () => {
    expect(canonicalSlotKey(' Residence ')).toBe('residence');
    expect(canonicalSlotKey('Allergy:Peanuts')).toBe('allergy:peanut');
    expect(canonicalSlotKey('allergy:peanut_butter')).toBe('allergy:peanut_butter');
    expect(canonicalSlotKey('allergy:')).toBeUndefined();
    expect(canonicalSlotKey('hobby:music')).toBeUndefined();
  });

  it('marks the slots that hold several values', () => {
    expect(isMultiValued('child:name')).toBe(true);
    expect(isMultiValued('pet:name')).toBe(true);
    expect(isMultiValued('partner:name')).toBe(false);
    expect(isMultiValued('residence')).toBe(false);
    expect(isMultiValued('allergy:peanut')).toBe(false);
  });

  it('lists the vocabulary for the prompt', () => {
    const lines = slotVocabularyLines();
    expect(lines).toContain('residence: the city, region or country the user lives in now');
    expect(lines.some((l) => l.startsWith('allergy:<thing>: '))).toBe(true);
    expect(slotThing('Sci Fi Books')).toBe('sci_fi_book');
  });
});
