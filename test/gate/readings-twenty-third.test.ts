// The readings the twenty-third independent held-out set prompted (what people paste from other apps: OCR of
// stickers and forms, authenticator screenshots, portal pages), each beside the look-alikes it must leave alone. The
// texts are written for this file, not copied from the set.
import { describe, expect, it } from 'vitest';
import { evaluateCorpusText } from './corpus/measure.ts';

/** The gate's decision on a user's fact, and its first reason's code when it refuses. */
const gate = async (content: string) => {
  const result = await evaluateCorpusText(content);
  return result.decision === 'rejected' ? result.reasons[0]!.code : 'accepted';
};

describe("OCR's digits and capitals inside a label's words", () => {
  it.each([
    ['Router sticker (scan)\nSSID: HomeNet-88\nPassw0rd : lanternfield915', 'secret.password'],
    ['Key safe c0de:  7 3 0 2', 'secret.access_code'],
    // A phone's PIN is read with the password labels.
    ["> my PlN is 550913 if the phone locks while I'm away", 'secret.password'],
  ])('refuses "%s"', async (text, code) => {
    expect(await gate(text)).toBe(code);
  });

  it.each([
    'Passw0rd reset link expired, I asked IT for a new one',
    'the PlN pad at the shop is broken again',
    'Employee lD badge photo is due Friday',
  ])('stores "%s"', async (text) => {
    expect(await gate(text)).toBe('accepted');
  });
});

describe("a router's security key, a Thai label with Latin words, an Indonesian lock after its code word", () => {
  it.each([
    ['Étiquette de la box :\nClé de sécurité : 9hTqW4mZ2cVx7RkP', 'secret.password'],
    ['รหัสผ่านเข้าระบบ VPN ของบริษัทคือ Ploy#5521vpn นะ', 'secret.password'],
    ['Kode pintu depan: 8842, jangan kasih ke tamu', 'secret.access_code'],
  ])('refuses "%s"', async (text, code) => {
    expect(await gate(text)).toBe(code);
  });

  it.each([
    'La clé de sécurité du réseau est sur l’étiquette, sous la box',
    'Kode pos rumah baru 40115',
    'Kode brankas rusak, sudah panggil teknisi',
  ])('stores "%s"', async (text) => {
    expect(await gate(text)).toBe('accepted');
  });
});

describe("an authenticator app's list and a portal's keys page, as screenshots read them", () => {
  it.each([
    ['[Authy screenshot]\nGitHub (work)\n482 913\nDropbox\n120 774', 'secret.one_time_code'],
    [
      'Azure AI services - Keys and Endpoint\nKEY 1   5f2c9a0b7d3e41f8a6c2e9b0d4f7a1c3\nEndpoint https://notes.cognitiveservices.azure.com/',
      'secret.azure_key',
    ],
  ])('refuses "%s"', async (text, code) => {
    expect(await gate(text)).toBe(code);
  });

  it.each([
    'Authenticator app moved to the new phone\nsteps took 10 minutes\n2024 setup',
    'Order summary\nitem 1   5f2c9a0b7d3e41f8a6c2e9b0d4f7a1c3\ncheck the box in the warehouse',
    'Team standup notes\n100 200\nnext sprint planning on Monday',
  ])('stores "%s"', async (text) => {
    expect(await gate(text)).toBe('accepted');
  });
});
