import { describe, expect, it } from 'vitest';
import { decodeBase64Url, detectJwts } from '../../../src/gate/secrets/jwt.ts';
import { base64Url } from '../corpus/encode.ts';
import { jwt } from '../corpus/fake-secrets.ts';
import { Rng } from '../corpus/rng.ts';

const rng = new Rng(404);

describe('detectJwts', () => {
  it('finds tokens whose header is JSON with an alg, and spans the whole token', () => {
    for (let i = 0; i < 10; i++) {
      const token = jwt(rng);
      const text = `cookie: sb-access-token=${token}; path=/`;
      const start = text.indexOf(token);
      expect(detectJwts(text)).toEqual([{ code: 'secret.jwt', start, end: start + token.length }]);
    }
  });

  it('finds unsigned tokens (alg none, empty signature)', () => {
    const token = `${base64Url('{"alg":"none"}')}.${base64Url('{"sub":"1"}')}.`;
    expect(detectJwts(token)).toHaveLength(1);
  });

  it('ignores three-part strings whose header is not a JWT header', () => {
    const notJson = `eyJ${'x'.repeat(10)}.eyJhYmMi.c2ln`;
    const noAlg = `${base64Url('{"typ":"JWT"}')}.${base64Url('{"sub":"1"}')}.c2lnbmF0dXJl`;
    expect(detectJwts(notJson)).toEqual([]);
    expect(detectJwts(noAlg)).toEqual([]);
    expect(detectJwts('the config blob is eyJ0aGVtZSI6ImRhcmsifQ== in the ticket')).toEqual([]);
    expect(detectJwts('version 1.2.3 of eyJ.parser.js')).toEqual([]);
  });
});

describe('decodeBase64Url', () => {
  it('decodes unpadded base64url and rejects impossible lengths', () => {
    expect(decodeBase64Url(base64Url('{"alg":"HS256"}'))).toBe('{"alg":"HS256"}');
    expect(decodeBase64Url('abcde')).toBeNull();
  });
});
