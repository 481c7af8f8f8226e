import { describe, expect, it } from 'vitest';
import { detectEmails, detectPhones } from '../../../src/gate/pii/contacts.ts';
import { detectCpfs, isValidCpf } from '../../../src/gate/pii/cpf.ts';
import { detectIbans, passesIbanCheck } from '../../../src/gate/pii/iban.ts';
import { detectPii } from '../../../src/gate/pii/index.ts';
import { detectNationalIds } from '../../../src/gate/pii/national-ids.ts';
import { detectPassports } from '../../../src/gate/pii/passports.ts';
import { detectSsns, isValidSsn } from '../../../src/gate/pii/ssn.ts';
import { cpf, iban, ssn } from '../corpus/fake-identifiers.ts';
import { Rng } from '../corpus/rng.ts';

const rng = new Rng(404);
const spans = (text: string, found: { start: number; end: number }[]) =>
  found.map((f) => text.slice(f.start, f.end));

describe('SSNs', () => {
  it('applies the SSA rules: no area 000, 666 or 9xx, no group 00, no serial 0000, not the voided ones', () => {
    expect(isValidSsn('536228741')).toBe(true);
    for (const n of ['000228741', '666228741', '912228741', '536008741', '536220000', '078051120']) {
      expect(isValidSsn(n), n).toBe(false);
    }
  });

  it('finds dashed SSNs anywhere and any layout after a label, but not 3-2-4 digits labelled otherwise', () => {
    for (let i = 0; i < 20; i++) {
      const value = ssn(rng, '-');
      expect(spans(`record ${value}.`, detectSsns(`record ${value}.`)), value).toEqual([value]);
    }
    // "my social" is how people say SSN; "social" alone is not a label ("social 2024 club").
    expect(detectSsns("my social is 062 04 9997, you'll need it")).toHaveLength(1);
    expect(detectSsns('the social 062 04 9997 event')).toEqual([]);
    expect(spans('ssn 602413320 for the W-4', detectSsns('ssn 602413320 for the W-4'))).toEqual([
      '602413320',
    ]);
    expect(detectSsns('Social Security number: 372 14 5579')).toHaveLength(1);
    expect(detectSsns('part no. 536-22-8741 is back-ordered')).toEqual([]);
    expect(detectSsns('the form shows 000-12-3456 as an example')).toEqual([]);
    expect(detectSsns('call 415-555-0100')).toEqual([]);
  });
});

describe('CPFs', () => {
  it('checks both mod-11 digits and refuses one digit repeated', () => {
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('52998224726')).toBe(false);
    expect(isValidCpf('11111111111')).toBe(false);
    for (let i = 0; i < 20; i++) expect(isValidCpf(cpf(rng, false))).toBe(true);
  });

  it('finds formatted CPFs with valid digits anywhere and any 11 digits after a CPF label', () => {
    expect(detectCpfs('cadastro 390.533.447-05 aprovado')).toHaveLength(1);
    expect(detectCpfs('pedido 390.533.447-06 em análise')).toEqual([]);
    expect(detectCpfs('CPF: 11144477735')).toHaveLength(1);
    expect(detectCpfs('O CPF do titular é obrigatório no cadastro')).toEqual([]);
  });

  it('finds a checked number a few words after a CPF label, and no unchecked one there', () => {
    expect(detectCpfs('CPF do titular: 52998224725')).toHaveLength(1);
    expect(detectCpfs('o CPF dela é 529 982 247 25')).toHaveLength(1);
    expect(detectCpfs('CPF do titular: 52998224726')).toEqual([]);
    // Too far from the label to be its value.
    expect(detectCpfs(`CPF ${'x'.repeat(60)} 52998224725`)).toEqual([]);
  });
});

describe('IBANs', () => {
  it('passes the mod-97 check for valid IBANs and fails a changed digit', () => {
    expect(passesIbanCheck('DE89370400440532013000')).toBe(true);
    expect(passesIbanCheck('DE89370400440532013001')).toBe(false);
    for (let i = 0; i < 20; i++) {
      const value = iban(rng);
      expect(
        spans(`IBAN ${value} BIC COBADEFFXXX`, detectIbans(`IBAN ${value} BIC COBADEFFXXX`)),
        value,
      ).toEqual([value]);
    }
  });

  it('ignores look-alikes of the wrong length or check', () => {
    expect(detectIbans('Referenz DE12 3456 7890 1234 5678 90')).toEqual([]);
    expect(detectIbans('DE89 3704 0044 0532 0130')).toEqual([]);
  });
});

describe('passports and national ids', () => {
  it('finds passport numbers after labels in several languages', () => {
    for (const text of [
      'passport no. 533380006',
      'Reisepassnummer C01X00T47',
      'número de pasaporte: PAA123456',
      '护照号码 E12345678',
      // A German passport number has letters among its digits.
      'Reisepassnummer: C4KF7R2N9',
      'رقم جواز سفري A97241021، احفظه للحجوزات',
      'US passport # 5672 84193, expires 2031',
      // A particle glued to a CJK label.
      '사용자의 여권 번호는 M62269386이다.',
    ]) {
      expect(detectPassports(text), text).toHaveLength(1);
    }
    for (const text of [
      'My passport expires in August 2027',
      'Passport photos cost 12 euros.',
      'Passport number format is two letters and seven digits.',
      'Reisepassnummer: BEANTRAGT',
      'passport photos: 2 copies 35 45 mm',
      'passport: RENEW BY 2027',
    ]) {
      expect(detectPassports(text), text).toEqual([]);
    }
  });

  it('finds labelled national ids, and Chinese, Italian and Korean ids by their own checks', () => {
    for (const text of [
      'mi DNI es 12345678Z',
      'BSN 111222333',
      'PESEL 44051401359',
      'National Insurance number QQ123456C',
      'मेरा आधार नंबर 4827 3619 0539 है',
      // A JSON key closes its quote before the colon.
      '{"customer_id": "C-20931", "aadhaar": "930509301907", "kyc_status": "pending"}',
      'PAN: BKRPS4821K, needed when I file ITR',
      'Mon numéro de sécu : 1 87 03 75 115 482 60',
      // Up to three words naming whose it is, before a colon.
      'PESEL użytkownika: 90051468030',
      '{"kind": "fact", "content": "Numéro de sécurité sociale de l\'utilisateur : 1 85 03 75 116 500 13"}',
    ]) {
      expect(detectNationalIds(text), text).toHaveLength(1);
    }
    expect(detectNationalIds('resident 11010519491231002X')).toHaveLength(1);
    expect(detectNationalIds('resident 110105194912310021')).toEqual([]);
    expect(detectNationalIds('cf RSSMRA85T10A562S')).toHaveLength(1);
    expect(detectNationalIds('cf RSSMRA85T10A562T')).toEqual([]);
    expect(detectNationalIds('Mi DNI caduca en mayo.')).toEqual([]);
    // A PAN has a fixed shape; a cooking pan does not make one.
    expect(detectNationalIds('PAN: ABCDE12345')).toEqual([]);
    expect(detectNationalIds('the pan card is in the drawer, sécu card too')).toEqual([]);
    expect(detectNationalIds('DNI caduca en mayo: 2027')).toEqual([]);
  });

  it('finds Australian and New Zealand tax numbers by label, and a Canadian SIN after "SIN" when it passes Luhn', () => {
    expect(detectNationalIds('my tax file number is 123 456 782')).toHaveLength(1);
    expect(detectNationalIds('IRD number 49-091-850')).toHaveLength(1);
    expect(spans('my SIN is 046 454 286', detectNationalIds('my SIN is 046 454 286'))).toEqual([
      '046 454 286',
    ]);
    // One digit changed fails Luhn; the lowercase word is English ("sin") or Spanish ("without").
    expect(detectNationalIds('SIN 046 454 287')).toEqual([]);
    expect(detectNationalIds('un café sin 125 000 pesos')).toEqual([]);
    expect(detectNationalIds('the SIN card is in the drawer')).toEqual([]);
  });
});

describe('e-mail addresses and phone numbers', () => {
  it('finds e-mail addresses but not logins inside URLs', () => {
    expect(spans('mail ana.souza@example.org now', detectEmails('mail ana.souza@example.org now'))).toEqual([
      'ana.souza@example.org',
    ]);
    expect(detectEmails('postgres://app@db-staging.internal:5432/app')).toEqual([]);
    expect(detectEmails('git clone git@github.com:acme/api.git')).toEqual([]);
  });

  it('finds international, North American, national and labelled numbers, not dates or order numbers', () => {
    for (const text of [
      '+44 20 7946 0958',
      '(415) 555-0182',
      '06 12 34 56 78',
      'Tel. 1701234567',
      '手机 13800138000',
    ]) {
      expect(detectPhones(text), text).toHaveLength(1);
    }
    for (const text of [
      'on 2024-05-12 at 10:30',
      'Order 0123 4567 89',
      'ISBN 978-3-16-148410-0',
      'CEP 01310-100',
      'version 12.4.1',
    ]) {
      expect(detectPhones(text), text).toEqual([]);
    }
  });
});

describe('detectPii', () => {
  it('names each span once, the most specific class first', () => {
    const text = 'card 4111 1111 1111 1111, ssn 536-22-8741, ana@example.com, +1 415 555 0100';
    expect(detectPii(text).map((f) => f.class)).toEqual(['card_number', 'ssn', 'email', 'phone']);
  });
});
