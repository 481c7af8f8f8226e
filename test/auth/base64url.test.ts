// base64url: round trips, and the strictness JWT parsing relies on.
import { describe, expect, it } from 'vitest';
import { base64UrlDecode, base64UrlEncode } from '../../src/auth/base64url.ts';

describe('base64url', () => {
  it('round-trips bytes of every length and uses the URL alphabet without padding', () => {
    for (let length = 0; length < 40; length++) {
      const bytes = crypto.getRandomValues(new Uint8Array(length));
      const text = base64UrlEncode(bytes);
      expect(text).toMatch(/^[A-Za-z0-9_-]*$/);
      expect(base64UrlDecode(text)).toEqual(bytes);
    }
    expect(base64UrlEncode(new Uint8Array([0xfb, 0xff]))).toBe('-_8');
  });

  it('refuses padding, other characters, impossible lengths and non-canonical trailing bits', () => {
    expect(base64UrlDecode('YQ==')).toBeNull();
    expect(base64UrlDecode('a+b/')).toBeNull();
    expect(base64UrlDecode('abcde')).toBeNull();
    expect(base64UrlDecode('YQ')).toEqual(new TextEncoder().encode('a'));
    // 'YR' decodes to the same byte as 'YQ' with non-zero unused bits.
    expect(base64UrlDecode('YR')).toBeNull();
  });
});
