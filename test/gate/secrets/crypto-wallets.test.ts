import { wordlist } from '@scure/bip39/wordlists/english.js';
import { describe, expect, it } from 'vitest';
import { detectSeedPhrases, detectWalletKeys } from '../../../src/gate/secrets/crypto-wallets.ts';
import { seedPhrase, walletKey } from '../corpus/fake-secrets.ts';
import { Rng } from '../corpus/rng.ts';

const rng = new Rng(707);
const twelve = 'police evoke peanut year pupil proof club tilt relax stable run filter';

describe('detectSeedPhrases', () => {
  it('finds 12 and 24 BIP-39 words on one line or numbered, spanning the words', () => {
    expect(detectSeedPhrases(`seed: ${twelve}`).map((f) => f.end - f.start)).toEqual([twelve.length]);
    for (let i = 0; i < 20; i++) expect(detectSeedPhrases(seedPhrase(rng, wordlist))).toHaveLength(1);
    const numbered = twelve
      .split(' ')
      .map((w, i) => `${i + 1}. ${w}`)
      .join('\n');
    expect(detectSeedPhrases(numbered)).toHaveLength(1);
  });

  it('takes a list on lines or with commas only when the text says it is a seed', () => {
    const listed = twelve.split(' ').join(', ');
    expect(detectSeedPhrases(`recovery phrase: ${listed}`)).toHaveLength(1);
    expect(detectSeedPhrases(listed)).toEqual([]);
    const shopping = 'apple, banana, bread, butter, cheese, coffee, cream, egg, garlic, honey, lemon, milk';
    expect(detectSeedPhrases(`shopping list: ${shopping}`)).toEqual([]);
    expect(detectSeedPhrases(`shopping list:\n- ${shopping.split(', ').join('\n- ')}`)).toEqual([]);
  });

  it('ignores eleven words and prose made of list words', () => {
    expect(detectSeedPhrases(twelve.split(' ').slice(0, 11).join(' '))).toEqual([]);
    expect(
      detectSeedPhrases('you can say that this man will have to use the old area again before it gets dark'),
    ).toEqual([]);
  });
});

describe('detectWalletKeys', () => {
  it('finds extended private keys, WIF keys, labelled hex keys and Solana keypairs', () => {
    for (let i = 0; i < 20; i++) {
      const key = walletKey(rng);
      expect(detectWalletKeys(key), key).toHaveLength(1);
    }
    const bytes = Array.from({ length: 64 }, (_, i) => (i * 37) % 256).join(',');
    expect(detectWalletKeys(`id.json: [${bytes}]`)).toHaveLength(1);
  });

  it('ignores addresses, public keys and unlabelled hashes', () => {
    for (const text of [
      'Bitcoin donations: bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      'The Ethereum contract is 0x742d35Cc6634C0532925a3b844Bc454e4438f44e.',
      `the checksum is ${'ab12'.repeat(16)}`,
      'xpub6CUGRUonZSQ4TWtTMmzXdrXDtypWKiKrhko4egpiMZbpiaQL2jkwSB1icqYh2cfDfVxdx4df189oLKnC5fSwqPfgyP3hooxujYzAu3fDVmz',
    ]) {
      expect(detectWalletKeys(text), text).toEqual([]);
    }
  });

  it('reads a key whose label has a bracket before the colon', () => {
    const hex = ['42ceae572b0a4ac4351820ba656fe070', 'd9decf36676f2d49ab22f2f5bb51d2fd'].join('');
    expect(detectWalletKeys(`hot wallet priv key (metamask export): ${hex} keep it safe`)).toHaveLength(1);
  });
});
