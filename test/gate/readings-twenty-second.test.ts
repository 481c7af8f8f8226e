// The readings the twenty-second independent held-out set prompted (everyday "remember this" messages in 21
// languages), each beside the look-alikes it must leave alone. The texts are written for this file, not copied from
// the set.
import { describe, expect, it } from 'vitest';
import { evaluateCorpusText } from './corpus/measure.ts';

/** The gate's decision on a user's fact, and its first reason's code when it refuses. */
const gate = async (content: string) => {
  const result = await evaluateCorpusText(content);
  return result.decision === 'rejected' ? result.reasons[0]!.code : 'accepted';
};

describe('a password named after its value with "as"', () => {
  it.each([
    'the family Disney+ login uses Popcorn#Night7 as the password',
    'I set Blue!Harbor22 as my password on the new laptop',
  ])('refuses "%s"', async (text) => {
    expect(await gate(text)).toBe('secret.password');
  });

  it.each([
    'I use the same word as my password hint, which is silly',
    'we picked Bitwarden as the password manager for the team',
    'use your date of birth as the PIN? no way',
  ])('stores "%s"', async (text) => {
    expect(await gate(text)).toBe('accepted');
  });
});

describe('"now" between the verb and the password', () => {
  it.each([
    'Hasło do routera to teraz Kasztan!77',
    'Das WLAN-Passwort ist jetzt Bergblick#2025',
    'our wifi password is now Larch-Tree-19!',
  ])('refuses "%s"', async (text) => {
    expect(await gate(text)).toBe('secret.password');
  });

  it.each(['Hasło do routera to teraz inne, zapytaj Marka', 'the wifi password is now on the fridge'])(
    'stores "%s"',
    async (text) => {
      expect(await gate(text)).toBe('accepted');
    },
  );
});

describe('a Thai password label, what it is for, then the copula', () => {
  it.each(['รหัสผ่านไวไฟที่บ้านคือ Baan#2024ok', 'รหัสผ่านบัญชีธนาคารของแม่คือ Somchai99!'])(
    'refuses "%s"',
    async (text) => {
      expect(await gate(text)).toBe('secret.password');
    },
  );

  it.each(['รหัสผ่านไวไฟที่บ้านคือ อันเดิม', 'รหัสผ่านของฉันเป็น ความลับ'])('stores "%s"', async (text) => {
    expect(await gate(text)).toBe('accepted');
  });
});

describe('a door code with a longer phrase before its verb', () => {
  it.each([
    'Portkoden till min systers nya lägenhet på Kungsholmen är 7714',
    'the gate code for the back entrance of our new building is 4096',
  ])('refuses "%s"', async (text) => {
    expect(await gate(text)).toBe('secret.access_code');
  });

  it.each([
    'the gate code for the back entrance of our building is changing on Monday',
    'the door at the back of our new building is 2 metres wide',
  ])('stores "%s"', async (text) => {
    expect(await gate(text)).toBe('accepted');
  });
});

describe('a one-time code named after it in the user’s words', () => {
  it.each([
    'G-582713 is my Google verification code, type it in for me',
    'save 339 104 as the two-factor code for a minute',
    'the steam guard code is R4K7M',
    'Steam Guard: 9XQ2F, quick',
  ])('refuses "%s"', async (text) => {
    expect(await gate(text)).toBe('secret.one_time_code');
  });

  it.each([
    '94110 is my zip code',
    '2024 is the year the verification code rules changed',
    'SAVE20 is my promo code for the shoe shop',
    'the steam guard code never arrives on time',
    'I play Steam Guard tournaments at 5PM2',
  ])('stores "%s"', async (text) => {
    expect(await gate(text)).toBe('accepted');
  });
});
