import { describe, expect, it } from 'vitest';
import { contentHash } from '../../src/gate/content-hash.ts';
import { normalizeContent } from '../../src/gate/normalize.ts';

describe('contentHash', () => {
  it('is the SHA-256 hex of the lowercased text', async () => {
    // FIPS 180-2 test vector for "abc".
    expect(await contentHash('ABC')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('gives the same key to writes that differ only in case, spacing or Unicode form', async () => {
    const a = await contentHash(normalizeContent('Likes  Green tea\r\n'));
    const b = await contentHash(normalizeContent('likes green TEA'));
    const c = await contentHash(normalizeContent('cafe\u0301 au lait'));
    const d = await contentHash(normalizeContent('café au lait'));
    expect(a).toBe(b);
    expect(c).toBe(d);
  });

  it('gives different keys to different content', async () => {
    expect(await contentHash('likes tea')).not.toBe(await contentHash('likes coffee'));
    expect(await contentHash('likes tea')).toMatch(/^[0-9a-f]{64}$/);
  });
});
