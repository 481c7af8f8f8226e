// The readings the nineteenth independent held-out set prompted (the mainstream of what a memory service receives:
// chat, extractor memories, agents' logs and configs, copied SMS and e-mails, forms), each beside the look-alikes it
// must leave alone. The texts are written for this file, not copied from the set.
import { describe, expect, it } from 'vitest';
import { evaluateCorpusText } from './corpus/measure.ts';

/** The gate's decision on a user's fact, and its first reason's code when it refuses. */
const gate = async (content: string) => {
  const result = await evaluateCorpusText(content);
  return result.decision === 'rejected' ? result.reasons[0]!.code : 'accepted';
};

describe('a new value after a reset, pointed at', () => {
  it.each([
    ['English', 'My phone PIN got locked so I reset it. The new one is 552019, remember it'],
    ['English, a password', 'reset my email password, the new one is Lantern#8812'],
    ['Indonesian', 'PIN m-banking sudah aku ganti. Yang baru: 640218'],
    ['Spanish', 'cambié el PIN de la tarjeta. La nueva es 7731'],
  ])('refuses %s', async (_, text) => {
    expect(await gate(text)).toBe('secret.password');
  });

  it.each([
    'I changed my password yesterday. The new one is much longer.',
    'My old phone broke; the new one is a 2024 model.',
    'Reset the router PIN? The new one is on the sticker.',
  ])('stores "%s"', async (text) => {
    expect(await gate(text)).toBe('accepted');
  });
});

describe('compound labels written as one word', () => {
  it.each([
    'Ihr Einmalpasswort: Rv7!kQ2mZx',
    'Routerkennwort lautet Hx8$pL2wQe',
    'het standaardwachtwoord is Gz4!mQ8rTw',
  ])('refuses "%s"', async (text) => {
    expect(await gate(text)).toBe('secret.password');
  });

  it.each(['Passwortmanager: Bitwarden', 'Ich nutze einen Passwortgenerator.'])(
    'stores "%s"',
    async (text) => {
      expect(await gate(text)).toBe('accepted');
    },
  );
});

describe('one-time codes', () => {
  it.each([
    ['a Turkish possessive', 'Giriş kodunuz: 441902. Kimseyle paylaşmayın.'],
    ['the code first, in Hindi', '558120 आपका OTP है। किसी को न बताएं।'],
    ['the code first, in Spanish', '305917 es tu código de verificación de Rappi'],
    ['the code first, in German', '730114 ist Ihr Bestätigungscode'],
    ['recovery codes after an aside', 'Backup codes (one use each), store safely:\nb7c2e-91d0a\n3f8aa-0c6e1'],
  ])('refuses %s', async (_, text) => {
    expect(await gate(text)).toBe('secret.one_time_code');
  });

  it.each(['2024 es tu año', 'The verification code (six digits) arrives by SMS.'])(
    'stores "%s"',
    async (text) => {
      expect(await gate(text)).toBe('accepted');
    },
  );
});

describe('access codes', () => {
  it.each([
    ['a German key box with dotted digits', 'Schlüsselbox am Hintereingang: 5 · 1 · 8 · 2'],
    ['a code and what it does to the lock', 'The alarm panel is by the back door; 7316 disarms it.'],
    ['a code that opens the gate it names', '2958 opens the side gate at the cottage'],
  ])('refuses %s', async (_, text) => {
    expect(await gate(text)).toBe('secret.access_code');
  });

  it.each([
    'The garage is big. Version 2024 unlocks new features.',
    'Route 66 opens the season for road trips.',
    'The app version 3 · 9 · 0 is out.',
  ])('stores "%s"', async (text) => {
    expect(await gate(text)).toBe('accepted');
  });
});

describe('identifiers given before their label, or as series and number', () => {
  it.each([
    ['a Spanish DNI before its label', 'en la casilla pon 12345678Z, que es mi DNI'],
    ['a Russian passport series and number', 'для анкеты: серия 40 09, номер 551823'],
  ])('refuses %s', async (_, text) => {
    expect(await gate(text)).not.toBe('accepted');
  });

  it.each([
    'Order 12345678Z shipped. Bring your DNI to the pickup point.',
    'серия матчей 2019 года, номер 5 в рейтинге',
  ])('stores "%s"', async (text) => {
    expect(await gate(text)).toBe('accepted');
  });
});

describe('a random value, then a pointer that says what it is', () => {
  it.each([
    "Wq3!vN8#zL — that's what I set for the NAS admin account",
    "Tm4rQ9xLp2, that's my new login for the portal",
  ])('refuses "%s"', async (text) => {
    expect(await gate(text)).toBe('secret.password');
  });

  it.each([
    "iPhone15Pro - that's what I use for photos",
    "GPT-4o, that's the model my team uses",
    "COVID-19 — that's what I had last winter",
  ])('stores "%s"', async (text) => {
    expect(await gate(text)).toBe('accepted');
  });
});

// Read on the sixteenth set's misses the same day: an aside in brackets between a label and its separator.
describe('an aside in brackets between a label and its value', () => {
  it.each([
    ['Russian, then a dash', 'Пароль от роутера (тот, что в коридоре) — Kolobok_Dom!58'],
    ['Vietnamese, then a copula', 'Mật khẩu wifi nhà (tầng 2) là NhaToi@Tang2x9'],
    ['English, then a colon', 'The NAS admin password (the old Synology box): Qp7!zR2mLx'],
  ])('refuses %s', async (_, text) => {
    expect(await gate(text)).toBe('secret.password');
  });

  it.each([
    'The password (the one for the old router) will be sent tomorrow.',
    'ИНН организации (поставщика, из счёта): 7155759918',
    'My new password (finally a long one) works on every site now.',
  ])('stores "%s"', async (text) => {
    expect(await gate(text)).toBe('accepted');
  });
});

// Read on the twentieth set's misses the same day (what assistants and support agents store about people).
describe('the twentieth set: answers, passcodes, corner brackets, arrows, keys named at length', () => {
  it.each([
    [
      'a passcode of digits',
      'cancel cable — Comcast account passcode 730461, they ask for it on the phone',
      'secret.password',
    ],
    [
      'the answer to a question about it',
      'Wie lautet das Router-Passwort? Antwort: „Lindenblatt#77“',
      'secret.password',
    ],
    [
      'a Spanish reply after a dash',
      '¿Cuál es la contraseña del portal?\n—Es «Tulipan_2019»',
      'secret.password',
    ],
    ['a Chinese "has been set to"', '工单备注：临时密码已设为 Zx8#kP4m，请提醒客户修改。', 'secret.password'],
    ['a Japanese value in corner brackets', 'アプリのパスワード「Momiji2020!」', 'secret.password'],
    ['words then an arrow', 'new wifi key set per customer request → "orchid-Lamp-44"', 'secret.password'],
    [
      'a key named at length before a colon',
      'Encryption key for the photo backup server — keep safe: 5f2a9c1e7b3d4a6f8e0c2b1d9a7f6e5c4b3a2918d7c6b5a4f3e2d1c0b9a8f7e6',
      'secret.generic_high_entropy',
    ],
  ])('refuses %s', async (_, text, code) => {
    expect(await gate(text)).toBe(code);
  });

  it.each([
    'The passcode policy changed in 2024, they ask for it on the phone now.',
    'What is your password policy? Answer: at least 12 characters.',
    'La contraseña es larga. Es importante cambiarla.',
    'パスワード「忘れた」ボタンを押してください',
    'password reset flow → see the runbook',
    'The key for the release notes of the last launch is e39b9c8deb1a22fca5bd98dec611d18153740e30 (the commit).',
    'NIP przedszkola (firma, nie osoba prywatna) z faktury: 486-798-76-66.',
  ])('stores "%s"', async (text) => {
    expect(await gate(text)).toBe('accepted');
  });
});

describe('a user / password pair after an app and an arrow', () => {
  it('refuses a clearly random password', async () => {
    expect(await gate('Climbing gym app → jdoe_climbs / Belay_77!rope')).toBe('secret.password');
  });

  it.each(['Calendar app → Monday / 9am-5pm', 'Weather app → Berlin / Munich'])(
    'stores "%s"',
    async (text) => {
      expect(await gate(text)).toBe('accepted');
    },
  );
});

describe('a one-time code asked for in one line of a chat and given in the next', () => {
  it.each([
    "Me: what's the code the bank just texted you?\nAnna: 5 1 9 3 0 2\nMe: got it",
    'Q: did you get the OTP?\nA: 604118',
  ])('refuses "%s"', async (text) => {
    expect(await gate(text)).toBe('secret.one_time_code');
  });

  it.each([
    "Me: what's the zip code of the new office?\nAna: 94110",
    'Me: how many people are coming?\nAna: 12',
  ])('stores "%s"', async (text) => {
    expect(await gate(text)).toBe('accepted');
  });
});
