// The searchable content of an item: label plus chosen fields, unique per key, within Engram's limit.
import { describe, expect, it } from 'vitest';
import { MAX_CONTENT_CHARS } from '../../../src/contract/index.ts';
import { itemContent } from '../../../src/integrations/langgraph/item-text.ts';

describe('itemContent', () => {
  it('is the label of the item then its whole value as JSON by default', () => {
    expect(itemContent(['u1', 'prefs'], 'food', { likes: 'sushi' })).toBe('prefs/food: {"likes":"sushi"}');
  });

  it('uses the index fields when given, and the JSON when they select nothing', () => {
    const value = { title: 'Trip', body: { text: 'Kyoto in May' }, parts: ['a', 'b'] };
    expect(itemContent(['u1'], 'trip', value, ['title', 'body.text'])).toBe('trip: Trip\nKyoto in May');
    expect(itemContent(['u1'], 'trip', value, ['parts[*]'])).toBe('trip: a\nb');
    expect(itemContent(['u1'], 'trip', value, ['nope'])).toBe(`trip: ${JSON.stringify(value)}`);
  });

  it('differs for two keys holding the same value', () => {
    expect(itemContent(['u1'], 'a', { v: 1 })).not.toBe(itemContent(['u1'], 'b', { v: 1 }));
  });

  it('fits the content limit without splitting a surrogate pair', () => {
    const emoji = '😀'.repeat(5000);
    const content = itemContent(['u1'], 'k', { text: emoji }, ['text']);
    expect(content.length).toBeLessThanOrEqual(MAX_CONTENT_CHARS);
    expect(/[\uD800-\uDBFF]$/.test(content)).toBe(false);
  });
});
