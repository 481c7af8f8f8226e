import { describe, expect, it } from 'vitest';
import { detectHighEntropySecrets, isHighEntropyToken } from '../../../src/gate/secrets/high-entropy.ts';
import { shannonEntropy } from '../../../src/gate/secrets/match.ts';
import { opaqueToken } from '../corpus/fake-secrets.ts';
import { Rng } from '../corpus/rng.ts';

const rng = new Rng(707);

function values(text: string): string[] {
  return detectHighEntropySecrets(text).map((f) => text.slice(f.start, f.end));
}

describe('shannonEntropy', () => {
  it('is 0 for uniform text and log2(n) for n distinct symbols', () => {
    expect(shannonEntropy('aaaa')).toBe(0);
    expect(shannonEntropy('abcd')).toBeCloseTo(2);
    expect(shannonEntropy('')).toBe(0);
  });
});

describe('isHighEntropyToken', () => {
  it('accepts random hex, base62 and base64 tokens', () => {
    for (let i = 0; i < 50; i++) {
      const token = opaqueToken(rng);
      expect(isHighEntropyToken(token), token).toBe(true);
    }
  });

  it('rejects words, versions, repeated characters and paths', () => {
    for (const token of [
      'SupercalifragilisticExpialidocious',
      '1.2.3-rc.4+build.567',
      'aaaaaaaaaaaaaaaaaaaa1',
      '/usr/local/bin/node',
      '12345678901234567890',
    ]) {
      expect(isHighEntropyToken(token), token).toBe(false);
    }
  });
});

describe('detectHighEntropySecrets', () => {
  it('finds tokens given as the value of a key, token or secret label', () => {
    const token = 'Zk4mQ8vR2xT6pL9wB3nC7dF1gH5jK0sA';
    for (const text of [
      `api key: ${token}`,
      `MAILGUN_API_KEY=${token}`,
      `the token for the staging webhook is ${token}`,
      `"apiKey": "${token}"`,
      `client_secret: ${token}`,
      `x-api-key: ${token}`,
      `access token ${token}`,
      'HEROKU_API_KEY: 3f6a9c2e-7b1d-4e8f-a5c0-9d2b6e4f1a7c',
    ]) {
      expect(values(text).length, text).toBe(1);
    }
  });

  it('ignores identifiers, fingerprints, public keys and low-entropy values next to the same words', () => {
    for (const text of [
      'the idempotency key for the retry was 3f6a9c2e-7b1d-4e8f-a5c0-9d2b6e4f1a7c',
      'key id: 1234abcd-12ab-34cd-56ef-1234567890ab',
      'the GPG key fingerprint is 3AA5C34371567BD2ABCDEF0123456789',
      'public key: AAAAC3NzaC1lZDI1NTE5AAAAIH8x4Lz2bQ9mNvR3pT7wK1cY5sD0fG6jH2aE4uI8oP3',
      'client_id: 1234567890-abc123def456.apps.googleusercontent.com',
      'the key to the shed is under the blue pot',
      'token limit is 8192',
      'the secret ingredient is smoked paprika',
      'my key takeaway: measure before optimising',
      'api key: <your key here>',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal ${VAR} reference is the input under test
      'api_key=${API_KEY}',
      'token_count: 1234567890123456',
    ]) {
      expect(values(text), text).toEqual([]);
    }
  });

  it('reads "bearer" alone, a phrase of up to five words with contractions, and an arrow', () => {
    const token = ['bl7b8AJXtihFImtG', '_f1ObQq3qMX8JJbrmJuE94xaC'].join('');
    expect(values(`the bearer for the internal inventory api is ${token}, it never expires`)).toEqual([
      token,
    ]);
    const hex = ['e557e34fc05d8a74', 'e36151538bf9aa5c'].join('');
    expect(values(`client_secret for the spotify app I'm building -> ${hex}`)).toEqual([hex]);
    for (const text of [
      'the bearer of the letter is my cousin',
      `the token for the app I'm building is stored in the vault`,
      'api key for the weather service -> rotate it monthly',
    ]) {
      expect(values(text), text).toEqual([]);
    }
  });
});
