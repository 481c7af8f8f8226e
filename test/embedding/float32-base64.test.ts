// Base64 float32 codec: little-endian on the wire, float32 rounding, and rejection of malformed input.
import { describe, expect, it } from 'vitest';
import { decodeFloat32Base64, encodeFloat32Base64 } from '../../src/embedding/float32-base64.ts';

describe('float32 base64', () => {
  it('round-trips through float32 precision', () => {
    const values = [0, 1, -1, 0.1, 1e-8, -3.75, 123456.789];
    expect(decodeFloat32Base64(encodeFloat32Base64(values))).toEqual(values.map(Math.fround));
  });

  it('is little-endian, as OpenAI sends it', () => {
    // 1.0f is 0x3f800000: little-endian bytes 00 00 80 3f.
    expect(encodeFloat32Base64([1])).toBe(btoa(String.fromCharCode(0, 0, 0x80, 0x3f)));
    expect(decodeFloat32Base64(Buffer.from([0, 0, 0x80, 0x3f, 0, 0, 0, 0xc0]).toString('base64'))).toEqual([
      1, -2,
    ]);
  });

  it('rejects invalid base64 and lengths that are not whole floats', () => {
    expect(decodeFloat32Base64('***')).toBeUndefined();
    expect(decodeFloat32Base64(btoa('abcde'))).toBeUndefined();
  });
});
