// The readings the twenty-first independent held-out set prompted (what people paste into agents that act for them:
// travel, smart homes, family admin, small shops, developer side projects), each beside the look-alikes it must leave
// alone. The texts are written for this file, not copied from the set.
import { describe, expect, it } from 'vitest';
import { evaluateCorpusText } from './corpus/measure.ts';

/** The gate's decision on a user's fact, and its first reason's code when it refuses. */
const gate = async (content: string) => {
  const result = await evaluateCorpusText(content);
  return result.decision === 'rejected' ? result.reasons[0]!.code : 'accepted';
};

describe('a URL whose password holds # or ? as typed', () => {
  it.each([
    'DATABASE_URL=postgres://app:Tr7#kLm2Qz@db.example-shop.io:5432/orders',
    'redis://default:p?ss9#Wq4@cache.internal:6379',
  ])('refuses "%s"', async (text) => {
    expect(await gate(text)).toBe('secret.connection_string');
  });

  it.each([
    'docs at https://example.com/setup#step-3?lang=en, ask me@example.com if stuck',
    'postgres://db.example-shop.io:5432/orders (no credentials in the URL, they come from the vault)',
  ])('stores "%s"', async (text) => {
    expect(await gate(text)).toBe('accepted');
  });
});

describe('a service code of capitals and digits after "your ... code is"', () => {
  it.each(['Your Steam Guard code is: 4RX9K', 'your Battle.net login code is 7Q2MZ8'])(
    'refuses "%s"',
    async (text) => {
      expect(await gate(text)).toBe('secret.one_time_code');
    },
  );

  it.each([
    'your promo code is: SAVE20',
    'Your booking code is: X7KQ2M, seat 14C',
    'your discount code is WELCOME10',
    'Your code is READY, nothing to type',
  ])('stores "%s"', async (text) => {
    expect(await gate(text)).toBe('accepted');
  });
});

describe("a keypad's # or * around the code, the lock named before or just after", () => {
  it.each([
    'side gate: #7391* (the star matters)',
    'Na klatkę: 5820# (kod do domofonu)',
    'front door keypad takes *6604#',
  ])('refuses "%s"', async (text) => {
    expect(await gate(text)).toBe('secret.access_code');
  });

  it.each([
    'Room 4826* has the better view',
    'dial *#06# to see the phone serial',
    'Footnote 2019* see the appendix',
  ])('stores "%s"', async (text) => {
    expect(await gate(text)).toBe('accepted');
  });
});

describe('the action first, then the code a lock takes', () => {
  it.each(['the garage opens with 5 2 7 1 and then the hash key', 'alarm disarms with 4-4-1-7'])(
    'refuses "%s"',
    async (text) => {
      expect(await gate(text)).toBe('secret.access_code');
    },
  );

  it.each([
    'the store opens with 2024 prices on Monday',
    'The season opens with 3 home games in a row',
    'the exhibition opens with 1200 photos from the garage band years',
  ])('stores "%s"', async (text) => {
    expect(await gate(text)).toBe('accepted');
  });
});

describe('a Chinese or Japanese password said before its label', () => {
  it.each(['Mimi#2417 是家里新的路由器密码', 'Kx9mPq2Lw 就是公司邮箱的密码', 'Sakura!58 は会社のパスワード'])(
    'refuses "%s"',
    async (text) => {
      expect(await gate(text)).toBe('secret.password');
    },
  );

  it.each([
    'iPhone 是我最常用的手机，密码是指纹解锁',
    '2024年是新的开始，记得改密码',
    'WiFi 是新的，密码还没设',
  ])('stores "%s"', async (text) => {
    expect(await gate(text)).toBe('accepted');
  });
});

describe("a service's name opening a line, an arrow, then a login pair", () => {
  it.each(['spotify → mara.lind / Fjord!Tide42', 'Netflix -> family2024 / Rv8#kPq2Lm'])(
    'refuses "%s"',
    async (text) => {
      expect(await gate(text)).toBe('secret.password');
    },
  );

  it.each([
    'Calendar → Monday / 9am-5pm',
    'Berlin → Hamburg / 14:05 ICE 702',
    'steps → mix flour / 200g sugar',
  ])('stores "%s"', async (text) => {
    expect(await gate(text)).toBe('accepted');
  });
});

describe('hyphenated plain words after a colon, in a sentence that names a passphrase', () => {
  it.each([
    'the Bitwarden master is the five words from our honeymoon, hyphenated: coral-lantern-biscuit-harbor-quiet',
    'Mijn wachtwoord voor de NAS, de zin die we samen kozen: appel-fiets-regen-molen',
  ])('refuses "%s"', async (text) => {
    expect(await gate(text)).toBe('secret.passphrase');
  });

  it.each([
    'Password tips from the workshop: use a password manager and long phrases',
    'the master bedroom colours: sage-green-cream',
    'words I keep misspelling: necessary-separate-definitely',
  ])('stores "%s"', async (text) => {
    expect(await gate(text)).toBe('accepted');
  });
});

describe('a key or secret named, a short relative clause, then its value', () => {
  it.each([
    'the webhook signing secret the shop plugin shows is 9c41d0e8a7b2f3c6d5e4a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0',
    'the API key the contractor sent me was Zq8vN3kLp2Xw7Rt5Yb1Hc4Dm',
  ])('refuses "%s"', async (text) => {
    expect(await gate(text)).toBe('secret.generic_high_entropy');
  });

  it.each([
    'the token the CI uses is rotated weekly by the platform team',
    'the commit the fix landed in is 3f9a2c1d8e7b6a5f4c3d2e1f0a9b8c7d6e5f4a3b',
    'the key you gave me is for the shed, not the house',
  ])('stores "%s"', async (text) => {
    expect(await gate(text)).toBe('accepted');
  });
});
