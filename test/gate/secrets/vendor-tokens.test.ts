import { describe, expect, it } from 'vitest';
import {
  detectGithubTokens,
  detectLlmProviderKeys,
  detectNpmTokens,
  detectSendgrid,
  detectSlackTokens,
  detectStripeKeys,
  detectTwilio,
} from '../../../src/gate/secrets/vendor-tokens.ts';
import * as fake from '../corpus/fake-secrets.ts';
import { HEX, Rng } from '../corpus/rng.ts';

const rng = new Rng(303);
const codes = (findings: { code: string }[]) => findings.map((f) => f.code);

describe('vendor token detectors', () => {
  it('find each vendor format in a sentence', () => {
    for (let i = 0; i < 8; i++) {
      expect(codes(detectGithubTokens(`token ${fake.githubToken(rng)} for CI`))).toEqual([
        'secret.github_token',
      ]);
      expect(codes(detectSlackTokens(`SLACK=${fake.slackToken(rng)}`))).toEqual(['secret.slack_token']);
      expect(codes(detectStripeKeys(`key ${fake.stripeKey(rng)}`))).toEqual(['secret.stripe_key']);
      expect(codes(detectLlmProviderKeys(`use ${fake.openAiKey(rng)}`))).toEqual(['secret.openai_key']);
      expect(codes(detectLlmProviderKeys(`use ${fake.anthropicKey(rng)}`))).toEqual(['secret.anthropic_key']);
      expect(codes(detectSendgrid(`mailer ${fake.sendgridKey(rng)}`))).toEqual(['secret.sendgrid']);
      expect(codes(detectNpmTokens(fake.npmToken(rng)))).toContain('secret.npm_token');
      expect(codes(detectTwilio(fake.twilioCredential(rng)))).toEqual(['secret.twilio']);
    }
  });

  it('do not confuse Anthropic keys with OpenAI keys', () => {
    expect(codes(detectLlmProviderKeys(fake.anthropicKey(rng)))).toEqual(['secret.anthropic_key']);
  });

  it('ignore prefixes in prose, public keys and identifiers', () => {
    expect(detectGithubTokens('GitHub tokens start with ghp_ and are 40 characters')).toEqual([]);
    expect(detectSlackTokens('the bot uses an xoxb- token from the vault')).toEqual([]);
    expect(
      detectStripeKeys('Set the publishable key pk_live_51HxQ2aKj8Lm3Np4Qr5St6 in the frontend'),
    ).toEqual([]);
    expect(detectStripeKeys('Stripe customer cus_Q2k8Lm4Vx9Tn has a disputed charge')).toEqual([]);
    expect(detectLlmProviderKeys('we use scikit-learn, not the sk-learn-compatible-estimators fork')).toEqual(
      [],
    );
    expect(detectLlmProviderKeys('Claude model id claude-3-5-sonnet-20241022')).toEqual([]);
    expect(detectTwilio(`Twilio account SID AC${rng.chars(HEX, 32)} is the marketing one`)).toEqual([]);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal ${VAR} reference is the input under test
    expect(detectNpmTokens('//registry.npmjs.org/:_authToken=${NPM_TOKEN}')).toEqual([]);
    expect(detectSendgrid('SendGrid keys start with SG.')).toEqual([]);
  });
});
