// Detects cryptocurrency wallet secrets: BIP-39 recovery ("seed") phrases, extended private keys (xprv...),
// WIF private keys, labelled hex private keys and Solana keypair files. Addresses and public keys are public by
// design and are left alone.
// The BIP-39 English word list comes from @scure/bip39 (MIT; the list itself is from the BIP-39 specification).
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { findAll } from './match.ts';
import type { SecretFinding } from './types.ts';

const BIP39 = new Set(wordlist);
// Twelve words is the shortest standard phrase (128 bits of entropy plus checksum).
const MIN_WORDS = 12;
const WORD = /[A-Za-z]+/g;
// How the words of a pasted phrase are separated: single spaces on one line (the form wallets display and
// people copy), or numbering ("1. ", "2) "). A list on separate lines, with bullets or commas, is also how a
// shopping list is written, so it counts only when the text says it is a seed.
const SPACES = /^ +$/;
const NUMBERED = /^\s*\d{1,2}[.):]?\s*$/;
const LIST_GAP = /^(?:\s|,|;|\d{1,2}[.):]?|[-•*·|/#])+$/;
const SEED_CONTEXT =
  /seed|mnemonic|recovery|phrase|wallet|backup words|secret words|\b(?:12|24)[ -]words|metamask|ledger|trezor|exodus|phantom|semilla|frase|graine|mots|wiederherstellung|助记词|シード|니모닉|복구/i;

interface Run {
  start: number;
  end: number;
  words: string[];
  /** True once a gap was neither single spaces nor numbering. */
  listed: boolean;
}

function closeRun(run: Run | null, text: string, findings: SecretFinding[]): void {
  if (!run || run.words.length < MIN_WORDS) return;
  // A pasted phrase is drawn at random: repeats are rare, while prose made of list words repeats itself.
  if (new Set(run.words).size < run.words.length * 0.75) return;
  if (run.listed && !SEED_CONTEXT.test(text.slice(Math.max(0, run.start - 80), run.end))) return;
  findings.push({ code: 'secret.seed_phrase', start: run.start, end: run.end });
}

/** Twelve or more consecutive BIP-39 words: a wallet recovery phrase, whatever the numbering or layout. */
export function detectSeedPhrases(text: string): SecretFinding[] {
  const findings: SecretFinding[] = [];
  let run: Run | null = null;
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    const inList = BIP39.has(word) || (/^[A-Z][a-z]+$/.test(word) && BIP39.has(word.toLowerCase()));
    const gap = run ? text.slice(run.end, match.index) : '';
    if (inList && run && LIST_GAP.test(gap)) {
      run.words.push(word.toLowerCase());
      run.end = match.index + word.length;
      run.listed ||= !SPACES.test(gap) && !NUMBERED.test(gap);
      continue;
    }
    closeRun(run, text, findings);
    run = inList
      ? { start: match.index, end: match.index + word.length, words: [word.toLowerCase()], listed: false }
      : null;
  }
  closeRun(run, text, findings);
  return findings;
}

const BASE58 = '1-9A-HJ-NP-Za-km-z';
// BIP-32 extended private keys (xprv, and the tprv/yprv/zprv/uprv/vprv variants): 111 base58 characters.
const EXTENDED_PRIVATE = new RegExp(
  `(?<![${BASE58}])[xtyzuvYZUV]prv[${BASE58}]{100,112}(?![${BASE58}])`,
  'g',
);
// Wallet Import Format: 51 characters from "5" (uncompressed) or 52 from "K"/"L" (compressed).
const WIF = new RegExp(`(?<![${BASE58}])(?:5[HJK][${BASE58}]{49}|[KL][${BASE58}]{51})(?![${BASE58}])`, 'g');
// A 64-hex private key (Ethereum and most chains), counted only when labelled as a wallet's or chain's key.
const LABELLED_HEX =
  /\b(?:wallet|metamask|ethereum|eth|bitcoin|btc|solana|sol|crypto|polygon|bsc|tron)\b[^\n]{0,30}?\b(?:private|priv|secret|signing)?[ _-]?key\b[^\n]{0,28}?\b((?:0x)?[0-9a-fA-F]{64})\b/dgi;
// A 64-hex key after a private key is named (in the languages people name it: "메타마스크 개인키 0x..."), on its line or
// at the start of the next ("Show private key gave me
// this for the hot wallet (0x7a3F…c91E):\n8cc8..."), unless what is shown is a hash or a public key of it.
const PRIVATE_KEY_HEX =
  /(?:\bprivate[ _-]?key\b|개인 ?키|비밀 ?키|秘密鍵|私钥|私鑰|(?<![\p{L}])(?:clave privada|llave privada|chave privada|clé privée|privater schlüssel|приватн\p{L}* ключ|закрыт\p{L}* ключ|özel anahtar(?:ım|ımı|ın)?|khóa riêng(?: tư)?|kunci privat|المفتاح الخاص|کلید خصوصی|निजी कुंजी|निजी की|chiave privata|privésleutel|klucz prywatny|приватний ключ)(?![\p{L}]))(?![^\n]{0,80}?\b(?:fingerprint|hash|sha-?\d*|checksum|digest|public)\b)[^\n]{0,80}?(?:\n[ \t]*)?(?<![0-9a-fA-F])((?:0x)?[0-9a-fA-F]{64})(?![0-9a-fA-F])/dgiu;
// The accounts of a Hardhat or Truffle network config: the deploying wallets' private keys
// (accounts: ["0x2da1..."]), one or more.
const CONFIG_ACCOUNTS =
  /\baccounts\s*:\s*\[\s*(?:["'](?:0x)?[0-9a-fA-F]{64}["']\s*,\s*)*["']((?:0x)?[0-9a-fA-F]{64})["']/dg;
// A Solana keypair file (id.json): a JSON array of 64 byte values.
const SOLANA_KEYPAIR = /\[\s*(?:\d{1,3}\s*,\s*){63}\d{1,3}\s*\]/g;

/** Extended private keys, WIF keys, labelled hex private keys and Solana keypair arrays. */
export function detectWalletKeys(text: string): SecretFinding[] {
  const found = [
    ...findAll(text, EXTENDED_PRIVATE, 'secret.wallet_key'),
    // WIF keys mix upper case, lower case and digits; words and hashes in base58's alphabet rarely all three.
    ...findAll(text, WIF, 'secret.wallet_key', {
      accept: (t) => /[a-z]/.test(t) && /[A-Z]/.test(t.slice(1)) && /\d/.test(t),
    }),
    ...findAll(text, LABELLED_HEX, 'secret.wallet_key', { group: 1 }),
    ...findAll(text, PRIVATE_KEY_HEX, 'secret.wallet_key', { group: 1 }),
    ...findAll(text, CONFIG_ACCOUNTS, 'secret.wallet_key', { group: 1 }),
    ...findAll(text, SOLANA_KEYPAIR, 'secret.wallet_key', {
      accept: (t) => (t.match(/\d+/g) ?? []).every((n) => Number(n) <= 255),
    }),
  ];
  // A labelled key is often found by both hex readings: once.
  return found.filter((f, i) => !found.slice(0, i).some((g) => g.start === f.start && g.end === f.end));
}
