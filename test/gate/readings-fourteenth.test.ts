// The readings the fourteenth independent held-out set prompted (households, shared accounts and travel, in the
// languages of Northern, Central and Eastern Europe and South Asia), each beside the look-alikes it must leave alone.
// National numbers are generated here with their check digits, so no complete identifier literal sits in the
// repository.
import { describe, expect, it } from 'vitest';
import {
  isValidAdoazonosito,
  isValidAmka,
  isValidEgn,
  isValidFodselsnummer,
  isValidIsikukood,
  isValidJmbg,
  isValidKennitala,
  isValidTaj,
  passesMod11Of10,
} from '../../src/gate/pii/national-checks.ts';
import { numbers } from './check-digit-numbers.ts';
import { evaluateCorpusText } from './corpus/measure.ts';

/** The gate's decision on a user's fact, as the corpus measures it. */
const gate = async (content: string) => (await evaluateCorpusText(content)).decision;

describe('national numbers of Northern and Eastern Europe by their check digits, a few words after the label', () => {
  const cases: [string, string, number, (d: string) => boolean, (n: string) => string][] = [
    [
      'fødselsnummer',
      '140357',
      11,
      isValidFodselsnummer,
      (n) => `Skjemaet spør om fødselsnummeret hennes – det er ${n}.`,
    ],
    [
      'kennitala',
      '170279',
      10,
      isValidKennitala,
      (n) => `Félagið bað um kennitöluna hans og ég gaf þeim ${n}.`,
    ],
    [
      'isikukood',
      '3820709',
      11,
      isValidIsikukood,
      (n) => `Pane kirja: Mardi isikukood on ${n}, apteegis küsitakse.`,
    ],
    ['TAJ', '5744215', 9, isValidTaj, (n) => `Ha a felvételin kérdezik, a TAJ-száma ${n}.`],
    [
      'adóazonosító jel',
      '850629',
      10,
      isValidAdoazonosito,
      (n) => `Bence diákmunkájához kell az adóazonosító jele: ${n}.`,
    ],
    ['EGN', '620930', 10, isValidEgn, (n) => `За нотариуса в петък: ЕГН-то на мама е ${n}.`],
    ['JMBG', '1804955', 13, isValidJmbg, (n) => `Требаће његов ЈМБГ: ${n}. Број бројила пише на рачуну.`],
    ['OIB', '730380', 11, passesMod11Of10, (n) => `treba mi tvoj OIB jer je apartman na tebe: ${n}.`],
    ['AMKA', '230156', 11, isValidAmka, (n) => `Για το φαρμακείο: ο ΑΜΚΑ του μπαμπά είναι ${n}.`],
  ];
  it.each(cases)(
    'refuses a valid %s and keeps one that fails its check',
    async (_, prefix, length, check, text) => {
      const { good, bad } = numbers(prefix, length, check);
      expect(await gate(text(good))).toBe('rejected');
      expect(await gate(text(bad))).toBe('accepted');
    },
  );

  it("keeps a specimen number that the text says is the form's example", async () => {
    expect(
      await gate('Voorbeeld-BSN op het formulier: 123456782 – niet ons echte nummer, gewoon het voorbeeld.'),
    ).toBe('accepted');
    expect(await gate('Mijn BSN is 123456782, vul het in op het formulier.')).toBe('rejected');
  });
});

describe('passports, codes and passwords named in more languages', () => {
  it.each([
    ['a passport number after a Punjabi label', 'ਉਹਨਾਂ ਦਾ ਪਾਸਪੋਰਟ ਨੰਬਰ W4827163 ਹੈ, ਬਾਇਓਮੈਟ੍ਰਿਕਸ ਨਵੰਬਰ ਨੂੰ'],
    ['a passport number after a Kannada label and a word', 'ಅಮ್ಮನ ಪಾಸ್‌ಪೋರ್ಟ್ ಸಂಖ್ಯೆ ಬೇಕು: R2718406. ಚೆಕ್-ಇನ್'],
    ['a Croatian passport number after a dash', 'traže tatin broj putovnice – 118463920, vrijedi do 2029.'],
    [
      'a key-box code in Norwegian',
      'nøkkelboksen henger til venstre for døra, koden er 4173. Ved ligger i uthuset',
    ],
    ['an alarm switched off with a code', 'Alarmen i sommerhuset slås fra med 7391 og så OFF-knappen.'],
    ['an Estonian safe code after "on"', 'Hotellitoa seifi kood on 904257 – passid on seal sees.'],
    [
      'a Serbian gate code a few words before "je"',
      'Šifra za kapiju zgrade u Novom Sadu je 3862, pa onda pritisneš ključić.',
    ],
    ['a Basque padlock combination', 'Trastelekuko giltzarrapoaren konbinazioa 847 da.'],
    ['a Urdu code that came', 'ابو کے فون پر ابھی تصدیقی کوڈ آیا ہے: 509274۔ جلدی ڈال دو'],
    ['a Telugu verification code', 'ఇప్పుడే వచ్చిన వెరిఫికేషన్ కోడ్: 918364. లాగిన్ కోసం'],
    [
      'a Romanian code from the bank',
      'Mi-a venit acum codul de la bancă pentru plata cazării: 481936. Introdu-l repede',
    ],
    [
      'an Icelandic password after a phrase and a relative clause',
      'Lykilorðið á Netflix-aðganginum sem við deilum er Hekla2024#fjolsk.',
    ],
    ['a Bengali password', 'রিয়ার স্কুল পোর্টালের পাসওয়ার্ড: Riya#Kolkata09। ইউজার আইডি ওর রোল নম্বর।'],
    [
      'a passphrase after a clause and a colon',
      'Heslová fráze k trezoru v Bitwardenu, kdyby se mi něco stalo: tulipán kočárek pražec hvězdárna lívanec.',
    ],
  ])('refuses %s', async (_, text) => {
    expect(await gate(text)).toBe('rejected');
  });

  it.each([
    ['a key box without its code', 'nøkkelboksen henger til venstre for døra, koden står på kjøleskapet.'],
    ['a room number after a safe', 'Hotellitoa seifi on 412. toas, hommikusöök 7–10.'],
    [
      'a password manager named after a clause',
      'password manager, the one we all pay for: 1Password Families',
    ],
    ['an ARN after a key word', 'a chave KMS é arn:aws:kms:sa-east-1:964304198613:key/ab-cd'],
    ['a passphrase rule after a clause', 'Heslová fráze pro trezor, podle pravidel banky: nejméně pět slov.'],
  ])('keeps %s', async (_, text) => {
    expect(await gate(text)).toBe('accepted');
  });
});
