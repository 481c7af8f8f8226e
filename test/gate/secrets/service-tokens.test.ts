import { describe, expect, it } from 'vitest';
import { detectDockerAuth } from '../../../src/gate/secrets/docker-auth.ts';
import { detectServiceTokens } from '../../../src/gate/secrets/service-tokens.ts';
import { detectTelegramBotTokens } from '../../../src/gate/secrets/vendor-tokens.ts';
import { dockerConfig, serviceToken, telegramBotToken } from '../corpus/fake-secrets.ts';
import { Rng } from '../corpus/rng.ts';

const rng = new Rng(606);

describe('detectServiceTokens', () => {
  it('finds prefixed service tokens and credential-bearing webhook URLs, spanning the token', () => {
    for (let i = 0; i < 40; i++) {
      const token = serviceToken(rng);
      const text = `token for the deploy job: ${token}.`;
      expect(
        detectServiceTokens(text).map((f) => text.slice(f.start, f.end)),
        token,
      ).toEqual([token]);
    }
  });

  it('ignores ids, names and prefixes without a credential body', () => {
    for (const text of [
      'Stripe customer cus_Q2k8Lm4Vx9Tn has a disputed charge.',
      'The Stripe price id is price_1PqLmVx9Tn and the product prod_Q2k8Lm4Vx9.',
      'Hugging Face model id is sentence-transformers/all-MiniLM-L6-v2.',
      'The GitLab project id is 48213977.',
      'glpat- tokens expire after a year',
      'API-DOCUMENTATION-IS-IN-THE-WIKI-NOW',
    ]) {
      expect(detectServiceTokens(text), text).toEqual([]);
    }
  });
});

describe('detectTelegramBotTokens', () => {
  it('finds bot tokens bare, labelled and inside the Bot API URL', () => {
    for (let i = 0; i < 10; i++) {
      const token = telegramBotToken(rng);
      expect(detectTelegramBotTokens(`TELEGRAM_TOKEN=${token}`), token).toHaveLength(1);
      expect(detectTelegramBotTokens(`https://api.telegram.org/bot${token}/getMe`), token).toHaveLength(1);
    }
  });

  it('ignores chat ids and times', () => {
    expect(detectTelegramBotTokens('Telegram group id is -1001234567890, call at 12:30')).toEqual([]);
  });
});

describe('detectDockerAuth', () => {
  it('finds auth entries, encoded configs and docker login passwords', () => {
    for (let i = 0; i < 20; i++) {
      const config = dockerConfig(rng);
      expect(detectDockerAuth(config).length, config).toBeGreaterThan(0);
    }
  });

  it('ignores credential helpers, empty auths and variable references', () => {
    for (const text of [
      '{"auths": {"ghcr.io": {}}, "credsStore": "osxkeychain"}',
      '{"credHelpers": {"123456789012.dkr.ecr.eu-west-1.amazonaws.com": "ecr-login"}}',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal ${VAR} reference is the input under test
      'docker login -u ci -p ${REGISTRY_PASSWORD} ghcr.io',
      'echo $TOKEN | docker login ghcr.io -u ci --password-stdin',
      'oauth: enabled for the registry',
    ]) {
      expect(detectDockerAuth(text), text).toEqual([]);
    }
  });
});
