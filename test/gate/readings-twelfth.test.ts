// The readings the twelfth independent held-out set prompted (people dealing with health care, insurance, tax, banks
// and government services, 27 languages), each beside the look-alikes it must leave alone. Values are generated
// here with their check digits, so no complete identifier literal sits in the repository.
import { describe, expect, it } from 'vitest';
import { isValidCpf } from '../../src/gate/pii/cpf.ts';
import {
  isPlausibleNik,
  isValidBelgianRrn,
  isValidCnp,
  isValidDni,
  isValidIsraeliId,
  isValidNifPt,
  isValidRodneCislo,
  isValidTfn,
  isValidThaiId,
} from '../../src/gate/pii/national-ids.ts';
import { isValidSsn } from '../../src/gate/pii/ssn.ts';
import { passesLuhn } from '../../src/gate/secrets/card-numbers.ts';
import { numbers } from './check-digit-numbers.ts';
import { evaluateCorpusText } from './corpus/measure.ts';

/** The gate's decision on a user's fact, as the corpus measures it. */
const gate = async (content: string) => (await evaluateCorpusText(content)).decision;

describe('identifiers with check digits a few words after their labels', () => {
  const cases: [string, string, number, (d: string) => boolean, (n: string) => string][] = [
    [
      'SSN',
      '5970',
      9,
      isValidSsn,
      (n) => `Rental app asks for SSN for the credit check. mine is ${n} — paste it in`,
    ],
    [
      'CPF',
      '0818',
      11,
      isValidCpf,
      (n) => `lembra do meu cpf pra proxima vez que eu precisar preencher formulario: ${n}`,
    ],
    [
      'SIN',
      '7129',
      9,
      passesLuhn,
      (n) => `Notes from my CRA call: they asked for my SIN (${n}) to pull up the notice`,
    ],
    [
      'TFN',
      '6594',
      9,
      isValidTfn,
      (n) => `for onboarding they want my TFN on the declaration, it's ${n}. start monday`,
    ],
    [
      'NIF',
      '2712',
      9,
      isValidNifPt,
      (n) => `Para o IRS preciso do NIF do teu pai como dependente... é ${n}?`,
    ],
    [
      'CNP',
      '264082',
      13,
      isValidCnp,
      (n) => `Pentru dosarul de pensie îmi trebuie CNP-ul tău: ${n}. Programarea e luni.`,
    ],
    [
      'ID',
      '1607',
      9,
      isValidIsraeliId,
      (n) => `בשביל הטופס צריך את מספר תעודת הזהות שלך: ${n}. התור ביום שלישי.`,
    ],
    [
      'NIK',
      '327305470661',
      16,
      isPlausibleNik,
      (n) => `Buat daftar BPJS Kesehatan, NIK ibu ${n}. Kartu KK-nya juga`,
    ],
  ];
  it.each(cases)(
    'refuses a valid %s and keeps one that fails its check',
    async (_, prefix, length, check, text) => {
      const { good, bad } = numbers(prefix, length, check);
      expect(await gate(text(good))).toBe('rejected');
      expect(await gate(`Ticket ${good} was closed yesterday, thanks`)).toBe('accepted');
      if (length !== 16)
        expect(await gate(text(bad).replace(/SSN|CPF|cpf|SIN|TFN|NIF|CNP|תעודת הזהות|NIK/g, 'ref'))).toBe(
          'accepted',
        );
    },
  );

  it('reads a DNI by its letter, a Belgian, Czech and Thai number by their checks', async () => {
    const dni = numbers('7510', 8, (d) => isValidDni(`${d}F`)).good;
    expect(
      await gate(`para la cita me piden tu DNI en el formulario: ¿es ${dni}F? no se ve bien la letra`),
    ).toBe('rejected');
    const rrn = numbers('841226023', 11, isValidBelgianRrn).good;
    const written = `${rrn.slice(0, 2)}.${rrn.slice(2, 4)}.${rrn.slice(4, 6)}-${rrn.slice(6, 9)}.${rrn.slice(9)}`;
    expect(await gate(`on me demande ton numéro de registre national : ${written}. Rendez-vous jeudi`)).toBe(
      'rejected',
    );
    const rc = numbers('780826', 10, isValidRodneCislo).good;
    expect(
      await gate(`Do přihlášky k VZP potřebuju tvoje rodné číslo: ${rc.slice(0, 6)}/${rc.slice(6)}.`),
    ).toBe('rejected');
  });
});

describe('the other readings of the twelfth set', () => {
  it('refuses a card with its expiry right after it, and keeps a masked one', async () => {
    const card = numbers('512205317774', 16, passesLuhn).good.replace(/(\d{4})(?=\d)/g, '$1 ');
    expect(await gate(`deposit by card (£350). ${card} 05/28 cvc 392, name as on card`)).toBe('rejected');
    expect(await gate('deposit paid by card **** **** **** 1429 05/28, receipt attached')).toBe('accepted');
  });

  it('refuses codes texted for a login and codes followed by their sender', async () => {
    expect(
      await gate('the gov gateway thing just texted me 458491 for the self assessment login, quick'),
    ).toBe('rejected');
    expect(await gate('Мне пришёл код 720446 от Госуслуг, введи его пожалуйста')).toBe('rejected');
    expect(await gate('รหัส OTP ของคุณคือ 752759 (Ref: QWKD) ใช้ได้ภายใน 5 นาที')).toBe('rejected');
    expect(await gate('my brother texted me 2000 photos from the trip, what a load')).toBe('accepted');
    expect(await gate('o código 482133 de Reserva está confirmado para sexta')).toBe('accepted');
  });

  it('reads Persian and Urdu passport labels, Bengali PINs and Thai labels glued to a word', async () => {
    expect(await gate('شماره پاسپورتم برای فرم درخواست ویزا: X25160283. لطفاً توی فرم واردش کن.')).toBe(
      'rejected',
    );
    expect(await gate('ویزا فارم میں میرا پاسپورٹ نمبر GV4358777 ڈال دو')).toBe('rejected');
    expect(await gate('আম্মা, তোমার বিকাশের পিন 97973 — এটা মনে রেখো')).toBe('rejected');
    const thai = numbers('379903264254', 13, isValidThaiId).good;
    expect(await gate(`กรอกฟอร์มประกันสังคมให้แม่หน่อย เลขบัตรประชาชนแม่ ${thai} นัดวันพุธ`)).toBe('rejected');
    expect(await gate('Mama, dein Passwort fürs Online-Postfach der Krankenkasse ist Schatzi#1967.')).toBe(
      'rejected',
    );
  });
});
