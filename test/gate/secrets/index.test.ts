import { describe, expect, it } from 'vitest';
import { SECRET_CODES } from '../../../src/gate/reason-codes.ts';
import { detectSecrets } from '../../../src/gate/secrets/index.ts';
import { githubToken, stripeKey } from '../corpus/fake-secrets.ts';
import { buildCorpus } from '../corpus/index.ts';
import { Rng } from '../corpus/rng.ts';

const rng = new Rng(808);

describe('detectSecrets', () => {
  it('returns findings from every family, ordered by position', () => {
    const text = `stripe ${stripeKey(rng)} and github ${githubToken(rng)} and my password is hunter2`;
    const findings = detectSecrets(text);
    expect(findings.map((f) => f.code)).toEqual([
      'secret.stripe_key',
      'secret.github_token',
      'secret.password',
    ]);
    const starts = findings.map((f) => f.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('names the specific kind rather than the generic one when both see the same token', () => {
    const codes = detectSecrets(`api key: ${githubToken(rng)}`).map((f) => f.code);
    expect(codes).toEqual(['secret.github_token']);
  });

  it('only ever reports codes from SECRET_CODES, and never the matched value', () => {
    for (const item of buildCorpus().secrets) {
      for (const finding of detectSecrets(item.text)) {
        expect(SECRET_CODES).toContain(finding.code);
        expect(Object.keys(finding).sort()).toEqual(['code', 'end', 'start']);
      }
    }
  });

  it('returns nothing for ordinary memories', () => {
    expect(detectSecrets('Prefers answers in British English and short paragraphs.')).toEqual([]);
  });
});
