// The readings the eighteenth independent held-out set prompted (dictation, OCR and pasted records in 36 languages),
// each beside the look-alikes it must leave alone. The texts are written for this file, not copied from the set.
import { describe, expect, it } from 'vitest';
import { ocrDigits } from '../../src/gate/detection-views.ts';
import { isValidIin, isValidIrd } from '../../src/gate/pii/national-checks.ts';
import { mrzCheckDigit } from '../../src/gate/pii/passports.ts';
import { spellOutDigits } from '../../src/gate/spoken-digits.ts';
import { numbers } from './check-digit-numbers.ts';
import { evaluateCorpusText } from './corpus/measure.ts';

/** The gate's decision on a user's fact, as the corpus measures it. */
const gate = async (content: string) => (await evaluateCorpusText(content)).decision;

describe('numbers said aloud in more languages', () => {
  it.each([
    ['Turkish', 'şifrem bir yedi altı altı dört', '17664'],
    ['Vietnamese', 'mã là tám bốn tám chín năm', '84895'],
    ['Korean', '비밀번호 공 사 공 육 사', '04064'],
    ['Bosnian', 'jedan dva jedan jedan devet', '12119'],
    ['Macedonian', 'четири еден три шест', '4136'],
    ['Armenian', 'երեք ինը երեք երեք', '3933'],
    ['Uzbek', "to'rt ikki besh ikki", '4252'],
    ['Kazakh', 'бес алты жеті алты', '5676'],
    ['Quechua', 'tawa iskay isqun qanchis', '4297'],
    ['English with homophones and a spoken dash', 'five ate seven dash six five', '58765'],
    ['Spanish with "punto" and a pause', 'uno punto cero seis eh tres', '1063'],
  ])('reads %s', (_, said, digits) => {
    expect(spellOutDigits(said)).toContain(digits);
  });

  it('reads "for", "to" and "ate" as digits only beside a digit word', () => {
    expect(spellOutDigits('I went for a walk to the lake and ate')).toBe(
      'I went for a walk to the lake and ate',
    );
  });

  it.each([
    ['a card said in Spanish with a pause', 'anotá la tarjeta cuatro cinco uno siete eh ocho tres nueve dos'],
  ])('counts %s as digits for the detectors', (_, said) => {
    expect(spellOutDigits(said)).toMatch(/\d{8}/);
  });

  it.each([
    [
      'an SSN said with homophones and dashes',
      'uh my social is five two nine dash for one dash seven three six ate',
    ],
    ['a Turkish locker code', 'spor salonu dolap kodu iki dokuz bir beş unutma'],
    ['a Macedonian garage code', 'кодот за гаражната врата е пет два осум еден'],
    ['a Korean phone PIN before its copula', '내 폰 잠금 비밀번호 일 삼 오 칠 구 야 기억해줘'],
  ])('refuses %s', async (_, text) => {
    expect(await gate(text)).toBe('rejected');
  });

  it.each([
    ['counting in Turkish', 'çocuklar bir iki üç dört diye saydı'],
    ['a Vietnamese sentence with "năm" (year)', 'năm nay tôi ba mươi tuổi'],
    ['dates said in English', 'the meeting moved from four to five on the ninth'],
  ])('keeps %s', async (_, text) => {
    expect(await gate(text)).toBe('accepted');
  });
});

describe("OCR's letters for digits", () => {
  it('reads an O or an l between digits as a digit, and leaves words alone', () => {
    expect(ocrDigits('9792 8l11 46O5')).toBe('9792 8111 4605');
    expect(ocrDigits('15O3985712005')).toBe('1503985712005');
    expect(ocrDigits('TO-4O2B')).toBe('TO-402B');
    expect(ocrDigits('LOOK 2 GO, Oslo 1 Oct')).toBe('LOOK 2 GO, Oslo 1 Oct');
  });
});

describe('OCR, records and bank messages', () => {
  const iin = numbers('940719', 12, isValidIin);
  const ird = numbers('1124', 9, isValidIrd);
  const spaced = (digits: string) => `${digits.slice(0, 6)} ${digits.slice(6)}`;
  const dashed = (digits: string) => `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;

  it.each([
    ['a card with OCR letters for digits', 'Card photo text:\nVISA\n4539 l488 O343 6467\nVALID THRU 09/27'],
    [
      'a Kazakh IIN lines after its label',
      () => `ID card text:\n\nЖСН / ИИН\n\n${spaced(iin.good)}\nТУҒАН ЖЕРІ`,
    ],
    [
      'an IRD number lines after its label',
      () => `Payslip\nIRD No.\n\n${dashed(ird.good)}\nGross: $2,100.00`,
    ],
    ['a Kazakh bank SMS', 'Kaspi.kz: Растау коды 7301. Кодты ешкімге айтпаңыз.'],
    [
      'a Croatian one-time password after blank lines',
      'Vaša jednokratna lozinka za prijavu je\n\n418 275\n\nVrijedi 5 minuta.',
    ],
    ['an Estonian router password', 'Märge: kontori ruuteri parool Kask-Tamm-5521'],
    ['a Wi-Fi key after a bracketed label', '无线网络密码\n(WiFi Key)：\nq7mz4k2t'],
    ['a PIN after a service name with spaced digits', 'Заметка: пин тинькофф 5 3 8 1'],
    ['a door code in a quoted reply', '> Koda za škatlico s ključi (desno od vrat):\n> 6142'],
    [
      'a Latvian alarm code in a calendar entry',
      'DESCRIPTION:Signalizācijas kods: 4471\\nAtslēga pie kaimiņa',
    ],
    ['a Korean door-lock code with a star said first', '새집 공동현관 비번 별표 5 0 2 8 샵'],
  ])('refuses %s', async (_, text) => {
    expect(await gate(typeof text === 'function' ? text() : text)).toBe('rejected');
  });

  it.each([
    ['a product code with an O between letters', 'SKU TO-4O2B, colour ivory, 2 units'],
    ['a number near an IIN label whose check fails', () => `ИИН не нужен. Номер заказа ${spaced(iin.bad)}`],
    ['a number near an IRD label whose check fails', () => `IRD letter reference ${dashed(ird.bad)}`],
    ['a Korean door lock without a code', '도어락 비밀번호를 바꿔야 해, 내일 하자'],
  ])('keeps %s', async (_, text) => {
    expect(await gate(typeof text === 'function' ? text() : text)).toBe('accepted');
  });
});

describe("a passport's machine-readable zone broken by OCR", () => {
  // The second line's first 28 characters (document number, nationality, birth and expiry dates with their check
  // digits), then OCR's line break, then the rest.
  const start = (birthCheckOffset: number) => {
    const doc = 'XK4817263';
    const birth = '850314';
    const expiry = '310902';
    return `${doc}${mrzCheckDigit(doc)}UTO${birth}${(mrzCheckDigit(birth) + birthCheckOffset) % 10}F${expiry}${mrzCheckDigit(expiry)}<<`;
  };
  const page = (line: string) =>
    `passport photo text:\n\nP<UTOERIKSSON<<ANNA<<<<<<<<<<<<<<<<<<<<<<<<<<\n${line}\n<<<<<<<<<<<<<4`;

  it('refuses it when every check digit of the line start holds', async () => {
    expect(await gate(page(start(0)))).toBe('rejected');
  });
  it('keeps it when the birth date check fails', async () => {
    expect(await gate(page(start(1)))).toBe('accepted');
  });
});
