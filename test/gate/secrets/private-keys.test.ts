import { describe, expect, it } from 'vitest';
import { detectPrivateKeys, detectServiceAccountKeys } from '../../../src/gate/secrets/private-keys.ts';
import { gcpServiceAccountJson, pemPrivateKey } from '../corpus/fake-secrets.ts';
import { Rng } from '../corpus/rng.ts';

const rng = new Rng(101);

describe('detectPrivateKeys', () => {
  it('finds PEM, OpenSSH and encrypted key blocks, spanning the whole block', () => {
    for (let i = 0; i < 10; i++) {
      const key = pemPrivateKey(rng);
      const text = `deploy key:\n${key}\nthanks`;
      const findings = detectPrivateKeys(text);
      expect(findings).toHaveLength(1);
      expect(findings[0]).toEqual({ code: 'secret.private_key', start: 12, end: 12 + key.length });
    }
  });

  it('finds each of several blocks once, with its own span', () => {
    const a = pemPrivateKey(rng);
    const b = pemPrivateKey(rng);
    const text = `${a}\n\nand the old one:\n${b}`;
    expect(detectPrivateKeys(text)).toEqual([
      { code: 'secret.private_key', start: 0, end: a.length },
      { code: 'secret.private_key', start: text.indexOf(b), end: text.length },
    ]);
  });

  it('finds a truncated block from its BEGIN line alone', () => {
    expect(detectPrivateKeys(`${'-----BEGIN '}RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA`)).toHaveLength(1);
  });

  it('finds a PuTTY key file', () => {
    const ppk =
      'PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nPublic-Lines: 2\nAAAA\nAAAA\nPrivate-Lines: 1\nAAAA';
    expect(detectPrivateKeys(ppk).map((f) => f.code)).toEqual(['secret.private_key']);
  });

  it('ignores public keys, certificates and talk about keys', () => {
    expect(
      detectPrivateKeys(
        '-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE\n-----END PUBLIC KEY-----',
      ),
    ).toEqual([]);
    expect(
      detectPrivateKeys('-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+gAwIBAgIE\n-----END CERTIFICATE-----'),
    ).toEqual([]);
    expect(
      detectPrivateKeys(
        'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIH8x4Lz2bQ9mNvR3pT7wK1cY5sD0fG6jH2aE4uI8oP3 jo@laptop',
      ),
    ).toEqual([]);
    expect(detectPrivateKeys('never paste a private key into chat')).toEqual([]);
  });
});

describe('detectServiceAccountKeys', () => {
  it('finds service account JSON, pretty or compact', () => {
    expect(detectServiceAccountKeys(gcpServiceAccountJson(rng, true)).length).toBeGreaterThan(0);
    expect(detectServiceAccountKeys(gcpServiceAccountJson(rng, false)).length).toBeGreaterThan(0);
  });

  it('finds a fragment with the private_key_id next to the service_account type', () => {
    const json = `{"type": "service_account", "private_key_id": "${'ab'.repeat(20)}"}`;
    expect(detectServiceAccountKeys(json)).toHaveLength(1);
  });

  it('ignores service account metadata without key material', () => {
    expect(
      detectServiceAccountKeys('{"type": "service_account", "client_email": "x@p.iam.gserviceaccount.com"}'),
    ).toEqual([]);
    expect(detectServiceAccountKeys('{"private_key": ""}')).toEqual([]);
  });
});
