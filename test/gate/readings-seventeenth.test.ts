// The readings the seventeenth independent held-out set prompted (harder phrasings in 39 languages: long clauses,
// values in a later sentence, copulas after the value), each beside the look-alikes it must leave alone. The texts
// are written for this file, not copied from the set.
import { describe, expect, it } from 'vitest';
import { isValidCurp, isValidPersonnummer, isValidRut } from '../../src/gate/pii/national-checks.ts';
import { numbers } from './check-digit-numbers.ts';
import { evaluateCorpusText } from './corpus/measure.ts';

/** The gate's decision on a user's fact, as the corpus measures it. */
const gate = async (content: string) => (await evaluateCorpusText(content)).decision;

describe('passwords given far from their label', () => {
  it.each([
    [
      'a password after a long clause with commas',
      'The password for the NAS that my brother configured when he moved out, the grey box under the stairs, is nas#Grey_2019.',
    ],
    [
      'a German password in the sentence after its label',
      'Bitte merk dir das Passwort für den Router, ich brauche es heute Abend.\nEs lautet: Kastanie!77',
    ],
    [
      'a French password after "oui, c\'est"',
      "> C'est quoi le mdp du NAS ?\nOui, c'est Mistral_et_pluie42, retiens-le.",
    ],
    ['a Vietnamese password after "tức là"', 'Ghi nhớ mật khẩu Shopee nhé. Tức là LanAnh2001!'],
    [
      'a Ukrainian password after "тобто"',
      "Запиши пароль від пошти: ім'я з великої, потім рік. Тобто Taras1988!",
    ],
    ['a Japanese password before です', 'ルーターのパスワードを覚えておいて。Fuji_2023pw です。'],
    ['a Korean password before 이거야', '넷플릭스 비번 기억해줘... haneul0921!! 이거야'],
    ['a Thai password after รหัสคือ', 'จำรหัสผ่านเน็ตบ้านให้หน่อย รหัสคือ Baan_Wifi2024 นะ'],
    [
      'a Finnish passphrase after "salalause"',
      'Tallenna varmuuskopion salalause, se on viisi sanaa: kuusi järvi lumi kettu revontuli',
    ],
  ])('refuses %s', async (_, text) => {
    expect(await gate(text)).toBe('rejected');
  });

  it.each([
    [
      'a reminder about a password on a weekday',
      'Remind me to reset my password on Monday before the audit.',
    ],
    [
      'a password rule after a long clause',
      'The password for every account that IT manages, since the audit last year, is rotated quarterly.',
    ],
    ['a password hash setting', 'The password hash cost is bcrypt with 12 rounds.'],
    ['a pointing word with a plain word after it', 'Ich habe das Passwort geändert. Es ist sicherer so.'],
    ['an Indian postal PIN code', 'हमारे नए पते का पिन कोड 560034 है, कूरियर वाले को बता देना।'],
    ['an English postal PIN code', 'Delivery address: 12 MG Road, Bengaluru, PIN code 560001.'],
  ])('keeps %s', async (_, text) => {
    expect(await gate(text)).toBe('accepted');
  });
});

describe('codes named in more languages and places', () => {
  it.each([
    [
      'an Urdu OTP after a long clause before the colon',
      'یہ OTP سنبھال کر رکھو، ابھی ایزی پیسہ ایپ میں ڈالنا ہے: 730194',
    ],
    [
      'a Hungarian verification code after a comma clause',
      'Írd fel az ellenőrző kódot, amit a bank küldött SMS-ben: 412 907',
    ],
    ['a Greek verification code', 'Κράτα τον κωδικό επαλήθευσης που ήρθε από την τράπεζα: 660213'],
    ['a Persian verification code in an SMS', '«کد تایید شما در اسنپ: 581204 این کد را به کسی ندهید.»'],
    ['a Khmer OTP before the Khmer colon', 'សូមចាំលេខកូដ OTP ដែលធនាគារផ្ញើមក៖ 318845'],
    ['a Hausa OTP after a bracket', 'lambar tabbatarwa (OTP) da aka turo min yanzu: 552190'],
    [
      'a German door code after five words before the colon',
      'Der Code für die Haustür bei meinen Eltern in Bonn: 3146',
    ],
    ['a French digicode that opens with its letter', "Le digicode de l'immeuble de Paul c'est A3815, au 2e."],
    ['a Romanian intercom code', 'Codul de la interfonul blocului din Cluj: 41B7'],
    ['a Finnish key safe code', 'Muista mökin avainsäilön koodi: 2209.'],
    [
      'a gate code after an aside in brackets',
      "The code for the back gate at Tom's (the one by the bins, not the garage door with the camera) is 6071.",
    ],
    [
      'a Japanese code typed with a full-width hash',
      'マンションのオートロックの暗証番号、メモしておいて。7302＃で開きます。',
    ],
    [
      'a Persian wallet key',
      'کلید خصوصی کیف پول رو نگه دار: 3f1c9a7b2e4d6f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708',
    ],
  ])('refuses %s', async (_, text) => {
    expect(await gate(text)).toBe('rejected');
  });

  it.each([
    [
      'a Bengali OTP that did not come, then a reference',
      'ওটিপি আসেনি, কাল আবার চেষ্টা করব। আবেদন নম্বর: BD-2024-55120।',
    ],
    ['an AWS key id format of X', 'Format example: AKIAXXXXXXXXXXXXXXXX (a placeholder, not a key).'],
    ['a door named with a year', 'The front door of the museum dates from 1921: oak and brass.'],
  ])('keeps %s', async (_, text) => {
    expect(await gate(text)).toBe('accepted');
  });
});

describe('identifiers after a clause with commas', () => {
  it('refuses a passport number after a code-mixed clause before the colon', async () => {
    expect(await gate('என் passport number எழுதி வைச்சுக்கோ, embassy form-க்கு வேணும்: K4821937')).toBe(
      'rejected',
    );
  });
  it('keeps a booking reference after such a clause', async () => {
    expect(await gate('passport number கேட்டாங்க, ஆனா booking ref: K4821937 மட்டும் போதும்')).toBe('accepted');
  });
});

describe('identifiers by their check digits a sentence or a line after the label', () => {
  // A Swedish personnummer born 1993-02-18, a CURP and a Chilean RUT, each with and without its check.
  const personnummer = numbers('930218', 10, isValidPersonnummer);
  const curpBody = 'GOMA850312HDFRRN0';
  const curp = [...'0123456789'].map((d) => curpBody + d);
  const goodCurp = curp.find(isValidCurp)!;
  const badCurp = curp.find((c) => !isValidCurp(c))!;
  const rutBody = '12.345.678-';
  const goodRut = [...'0123456789K'].map((d) => rutBody + d).find(isValidRut)!;
  const badRut = [...'0123456789K'].map((d) => rutBody + d).find((r) => !isValidRut(r))!;
  const dashed = (digits: string) => `${digits.slice(0, 6)}-${digits.slice(6)}`;

  it('checks each number as its issuer does', () => {
    expect(isValidPersonnummer(personnummer.good)).toBe(true);
    expect(isValidPersonnummer(`19${personnummer.good}`)).toBe(true);
    expect(isValidPersonnummer(personnummer.bad)).toBe(false);
    // A month 13 is no date, whatever the Luhn digit says.
    expect(isValidPersonnummer('9313180000')).toBe(false);
    expect(isValidCurp(goodCurp)).toBe(true);
    expect(isValidCurp(badCurp)).toBe(false);
    expect(isValidRut(goodRut)).toBe(true);
    expect(isValidRut(badRut)).toBe(false);
  });

  it.each([
    [
      'a personnummer in the sentence after its label',
      () => `Spara min sambos personnummer. Det behövs ofta. ${dashed(personnummer.good)}`,
    ],
    [
      'a CURP after a long clause',
      () => `Guárdame la CURP de mi hijo, la piden en todos los trámites de la escuela: ${goodCurp}`,
    ],
    [
      'a RUT with dots in a reply',
      () => `> ¿Me pasas tu RUT para la boleta?\nclaro, es el ${goodRut}. Anótalo`,
    ],
    [
      'an SSN on the line after "my son\'s social"',
      () => "My son's social is below, for the forms.\n529417368",
    ],
  ])('refuses %s', async (_, text) => {
    expect(await gate(text())).toBe('rejected');
  });

  it.each([
    [
      'a number near "personnummer" whose check fails',
      () => `Personnummer behövs inte. Ordernummer ${dashed(personnummer.bad)}`,
    ],
    [
      'a code near "CURP" whose check fails',
      () => `La CURP se tramita en línea. Folio del trámite: ${badCurp}`,
    ],
    [
      'a number near "RUT" whose check fails',
      () => `El RUT de la empresa va en la factura. Boleta N° ${badRut}`,
    ],
  ])('keeps %s', async (_, text) => {
    expect(await gate(text())).toBe('accepted');
  });
});
