// The synchronous SHA-256 against Web Crypto's: the dedupe key of every stored memory depends on it.
import { describe, expect, it } from 'vitest';
import { sha256HexSync } from '../../src/core/sha256.ts';

async function webCrypto(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A deterministic pseudo-random generator (mulberry32), so a failure names a reproducible input. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('sha256HexSync', () => {
  it('gives the FIPS 180-2 test vectors', () => {
    expect(sha256HexSync('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256HexSync('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256HexSync('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it('equals Web Crypto on every padding boundary and on random Unicode text', async () => {
    const texts: string[] = [];
    // 55, 56 and 64 bytes are where the length no longer fits the last block.
    for (let length = 0; length <= 200; length++) texts.push('x'.repeat(length));
    const next = random(18);
    const alphabet = ['a', 'Z', ' ', '\n', 'é', 'ß', '漢', '字', 'я', '🙂', '\u0301', '0'];
    for (let i = 0; i < 300; i++) {
      const length = Math.floor(next() * 400);
      texts.push(Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join(''));
    }
    for (const text of texts) expect(sha256HexSync(text), JSON.stringify(text)).toBe(await webCrypto(text));
  });
});
