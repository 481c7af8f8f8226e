import { describe, expect, it } from 'vitest';
import { MAX_QUERY_CHARS, normalizeQuery } from '../../src/recall/normalize-query.ts';

describe('normalizeQuery', () => {
  it('collapses every kind of whitespace run to one space and trims', () => {
    expect(normalizeQuery('  what\tdo I\n\n like \r\n to\u2028eat?\u0085 ')).toBe('what do I like to eat?');
  });

  it('keeps a query of exactly 800 chars whole', () => {
    const q = 'a'.repeat(MAX_QUERY_CHARS);
    expect(normalizeQuery(q)).toBe(q);
  });

  it('past 800 chars keeps the first 400 and the last 400, joined by one space', () => {
    const head = 'h'.repeat(400);
    const middle = 'm'.repeat(500);
    const tail = 't'.repeat(400);
    const out = normalizeQuery(head + middle + tail);
    expect(out).toBe(`${head} ${tail}`);
    expect(out.length).toBe(801);
  });

  it('measures the limit after collapsing whitespace', () => {
    const q = `${'a '.repeat(300)}${' '.repeat(500)}end`;
    const out = normalizeQuery(q);
    expect(out).toBe(`${'a '.repeat(300)}end`);
  });

  it('does not double the joining space when a cut falls on a space', () => {
    const words = 'word '.repeat(300).trim();
    const out = normalizeQuery(words);
    expect(out).not.toMatch(/ {2}/);
    expect(out.startsWith('word word')).toBe(true);
    expect(out.length).toBeLessThanOrEqual(801);
  });

  it('never splits a surrogate pair at either cut', () => {
    const q = `${'a'.repeat(399)}😀${'b'.repeat(200)}😀${'c'.repeat(399)}`;
    const out = normalizeQuery(q);
    expect(out).toBe(`${'a'.repeat(399)} ${'c'.repeat(399)}`);
    expect(out).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
  });

  it('is idempotent', () => {
    const q = `  ${'x '.repeat(700)} y`;
    expect(normalizeQuery(normalizeQuery(q))).toBe(normalizeQuery(q));
  });
});
