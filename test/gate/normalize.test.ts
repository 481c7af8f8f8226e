import { describe, expect, it } from 'vitest';
import { normalizeContent } from '../../src/gate/normalize.ts';
import { Rng } from './corpus/rng.ts';

// Characters the normaliser treats specially, mixed into random strings to fuzz it.
const TRICKY = [
  ' ',
  '  ',
  '\t',
  '\n',
  '\r\n',
  '\r',
  '\u00A0',
  '\u2003',
  '\u2000',
  '\u200B',
  '\uFEFF',
  '\u00AD',
  '\u0000',
  '\u0007',
  '\u001B',
  '\u0085',
  '\u2028',
  'e\u0301',
  '\u0301',
  'A',
  'z',
  '9',
  'é',
  'ß',
  '日本',
  '👩‍💻',
  '\u200D',
  '!',
  '.',
];

function randomText(rng: Rng): string {
  let text = '';
  const length = rng.int(0, 40);
  for (let i = 0; i < length; i++) text += rng.pick(TRICKY);
  return text;
}

/** What must survive normalisation: every visible character, in order, in NFC. */
function visible(text: string): string {
  return text.replace(/[\s\p{Cc}\u200B\u2060\uFEFF\u00AD]/gu, '').normalize('NFC');
}

describe('normalizeContent', () => {
  it('trims, collapses space runs and unifies line endings', () => {
    expect(normalizeContent('  likes   green\ttea \r\n')).toBe('likes green tea');
    expect(normalizeContent('line one\r\nline two\rline three')).toBe('line one\nline two\nline three');
    expect(normalizeContent('a\u00A0\u2003 b')).toBe('a b');
  });

  it('keeps paragraph breaks but no more than one blank line', () => {
    expect(normalizeContent('first\n\n\n\n  second  \n third')).toBe('first\n\nsecond\nthird');
  });

  it('removes control and invisible characters without joining the words around them', () => {
    expect(normalizeContent('AKIA\u200BABC\u0000DEF')).toBe('AKIAABCDEF');
    expect(normalizeContent('two\twords')).toBe('two words');
    expect(normalizeContent('bell\u0007 here\u001B')).toBe('bell here');
  });

  it('composes to NFC, including pairs that only meet once a control is removed', () => {
    expect(normalizeContent('cafe\u0301')).toBe('café');
    expect(normalizeContent('cafe\u0000\u0301')).toBe('café');
  });

  it('keeps case, punctuation, emoji sequences and non-Latin text as they are', () => {
    const text = 'Prefers 👩‍💻 pairing; 日本語 OK! Ünïcode — “quotes”';
    expect(normalizeContent(text)).toBe(text);
  });

  it('returns an empty string for whitespace and invisible characters only', () => {
    expect(normalizeContent(' \u200B\t\n\u0000 ')).toBe('');
  });

  it('is idempotent and keeps every visible character in order (fuzzed)', () => {
    const rng = new Rng(7);
    for (let i = 0; i < 2000; i++) {
      const input = randomText(rng);
      const once = normalizeContent(input);
      expect(normalizeContent(once)).toBe(once);
      expect(visible(once)).toBe(visible(input));
      expect(once).toBe(once.trim());
      expect(once).not.toMatch(/ {2}|\n{3}/);
      expect(once.replace(/\n/g, '')).not.toMatch(/\p{Cc}/u);
    }
  });
});
