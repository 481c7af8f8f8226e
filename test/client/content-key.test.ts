// The client's copy of the gate's normalisation and hash must stay identical to the gate's: the same text written
// through supabase-js and through the HTTP API has to dedupe.
import { describe, expect, it } from 'vitest';
import { contentHash, normalizeContent } from '../../src/client/content-key.ts';
import { contentHash as gateHash } from '../../src/gate/content-hash.ts';
import { normalizeContent as gateNormalize } from '../../src/gate/normalize.ts';

const SAMPLES = [
  'Alice  likes\tGREEN tea',
  '  line one\r\nline two\r\rline three\u2028four\u2029five\v six\f seven\u0085 ',
  'zero\u200Bwidth\u2060joiner\uFEFFbom soft\u00ADhyphen',
  'controls\u0001\u0007\u001F\u007F\u0080\u009F gone',
  'e\u0301 composed, \u00e9 already; Hangul \u1100\u1161',
  'spaces\u00A0nbsp\u2000en\u2003em\u3000ideographic',
  'a\n\n\n\n\nb\n \n \nc',
  'emoji 👩‍👩‍👧 and ZWNJ می‌خواهم',
  '',
  '\t\n  \n',
];

describe('client content key', () => {
  it('normalises exactly like the write gate', () => {
    for (const sample of SAMPLES)
      expect(normalizeContent(sample), JSON.stringify(sample)).toBe(gateNormalize(sample));
  });

  it('hashes exactly like the write gate', async () => {
    for (const sample of SAMPLES) {
      const text = normalizeContent(sample);
      expect(await contentHash(text)).toBe(await gateHash(text));
    }
    expect(await contentHash('ABC')).toBe(await contentHash('abc'));
  });
});
