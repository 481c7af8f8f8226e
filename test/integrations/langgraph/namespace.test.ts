// The namespace mapping: subject, kind and tags from a namespace; URIs that round-trip any label; exact prefixes.
import { describe, expect, it } from 'vitest';
import {
  hasPrefix,
  itemUri,
  narrowingOf,
  parseItemUri,
  placeNamespace,
} from '../../../src/integrations/langgraph/namespace.ts';

describe('placeNamespace', () => {
  it('reads the subject, a kind in second place, and the other labels as tags', () => {
    expect(placeNamespace(['u1', 'preference', 'food', 'asian'], 'fact')).toEqual({
      subject: 'u1',
      kind: 'preference',
      tags: ['langgraph', 'food', 'asian'],
    });
    expect(placeNamespace(['u1', 'notes'], 'fact')).toEqual({
      subject: 'u1',
      kind: 'fact',
      tags: ['langgraph', 'notes'],
    });
    expect(placeNamespace(['u1'], 'decision')).toEqual({
      subject: 'u1',
      kind: 'decision',
      tags: ['langgraph'],
    });
  });

  it('a kind name elsewhere is a tag, and labels that cannot be tags are skipped', () => {
    const long = 'x'.repeat(65);
    expect(placeNamespace(['u1', 'notes', 'fact', long], 'episode').tags).toEqual([
      'langgraph',
      'notes',
      'fact',
    ]);
  });

  it('refuses a namespace without a valid subject', () => {
    expect(() => placeNamespace([], 'fact')).toThrow(RangeError);
    expect(() => placeNamespace(['x'.repeat(201)], 'fact')).toThrow(RangeError);
  });
});

describe('item URIs', () => {
  it('round-trip labels and keys with separators, spaces and non-ASCII text', () => {
    const cases: [string[], string][] = [
      [['u1', 'a/b', 'c#d'], 'key/with#hash'],
      [['ü ser', 'prefs'], 'café au lait'],
      [['u1'], ''],
    ];
    for (const [namespace, key] of cases)
      expect(parseItemUri(itemUri(namespace, key))).toEqual({ namespace, key });
    expect(itemUri(['a/b'], 'k')).not.toBe(itemUri(['a', 'b'], 'k'));
  });

  it('ignores URIs the store did not write', () => {
    for (const uri of [
      undefined,
      null,
      'https://example.com',
      'langgraph:',
      'langgraph:#k',
      'langgraph:a%E0%A4#k',
    ]) {
      expect(parseItemUri(uri)).toBeNull();
    }
  });
});

describe('prefixes', () => {
  it('match label by label, never as strings', () => {
    expect(hasPrefix(['u1', 'prefs', 'food'], ['u1', 'prefs'])).toBe(true);
    expect(hasPrefix(['u1', 'prefsX'], ['u1', 'prefs'])).toBe(false);
    expect(hasPrefix(['u1'], [])).toBe(true);
    expect(hasPrefix(['u1'], ['u1', 'prefs'])).toBe(false);
  });

  it('narrow Engram queries by subject, kind and the first label usable as a tag', () => {
    expect(narrowingOf([])).toEqual({ tag: 'langgraph' });
    expect(narrowingOf(['u1'])).toEqual({ subject: 'u1', tag: 'langgraph' });
    expect(narrowingOf(['u1', 'rule'])).toEqual({ subject: 'u1', kind: 'rule', tag: 'langgraph' });
    expect(narrowingOf(['u1', 'notes', 'work'])).toEqual({ subject: 'u1', tag: 'notes' });
  });
});
