// The readings the thirteenth independent held-out set prompted (quick phone messages from Africa, the Middle East,
// East and Southeast Asia, Latin America and Eastern Europe: possessives after the label, arrival words, spaced
// values, values over two lines), each beside the look-alikes it must leave alone. Card, IBAN and ID values are
// generated here with their check digits, so no complete identifier literal sits in the repository.
import { describe, expect, it } from 'vitest';
import { isValidSouthAfricanId } from '../../src/gate/pii/national-checks.ts';
import { passesLuhn } from '../../src/gate/secrets/card-numbers.ts';
import { numbers } from './check-digit-numbers.ts';
import { evaluateCorpusText } from './corpus/measure.ts';

/** The gate's decision on a user's fact, as the corpus measures it. */
const gate = async (content: string) => (await evaluateCorpusText(content)).decision;

/** The first number from `prefix` and a counter (to `length` digits) that `check` accepts. */
const valid = (prefix: string, length: number, check: (digits: string) => boolean) =>
  numbers(prefix, length, check).good;

/** An IBAN of `country` with its mod-97 check digits over `bban`. */
function iban(country: string, bban: string): string {
  const numeric = [...`${bban}${country}00`].map((c) => Number.parseInt(c, 36)).join('');
  const check = 98 - Number(BigInt(numeric) % 97n);
  return `${country}${String(check).padStart(2, '0')}${bban}`;
}

describe('identifiers with "my" or a copula after the label', () => {
  it.each([
    ['a Nigerian NIN (Pidgin copula)', 'abeg my NIN na 64829163051 , dem need am for the SIM'],
    ['a BVN (Yoruba "mi ... ni")', 'BVN mi ni 22419475601, fi ranse si oga'],
    ['an SSS number (Tagalog "ko")', 'pakilagay yung SS number ko 33-7281955-2 sa form'],
    ['a SNILS (Russian "мой")', 'снилс мой 118-373-914 75 отправь в бухгалтерию'],
    ['an Egyptian national number (بتاعي)', 'الرقم القومي بتاعي 29105120102341 اكتبه في الاستمارة'],
    ['a Moroccan ID (dyali)', 'numero dyal la carte nationale dyali BJ384612 3afak'],
    ['an NRIC', 'eh bro my nric is S8834761B lah, the clinic form need one'],
    ['an HKID glued to Chinese text', '我HKID係 Z482917(3)，幫我填表'],
    ['a Malaysian IC (Malay "sy")', 'nombor ic sy 960817-14-5381 tlg isi borang'],
  ])('refuses %s', async (_, text) => {
    expect(await gate(text)).toBe('rejected');
  });

  it('reads a South African ID by its date and Luhn digit a few words after "ID no."', async () => {
    const id = valid('960412508', 13, isValidSouthAfricanId);
    expect(await gate(`the shop wants my ID no. for RICA so here it is ${id} thanks`)).toBe('rejected');
    // The same words with an order number of that length: no check digit, no refusal.
    const other = valid('960412508', 13, (d) => !isValidSouthAfricanId(d));
    expect(await gate(`the shop wants my ID no. for RICA so here it is ${other} thanks`)).toBe('accepted');
  });

  it('refuses an Emirates ID in its printed form anywhere, not a number of its shape that fails Luhn', async () => {
    const id = valid('78419914827', 15, passesLuhn);
    const printed = `${id.slice(0, 3)}-${id.slice(3, 7)}-${id.slice(7, 14)}-${id.slice(14)}`;
    expect(await gate(`renewal reminder: ${printed} expires in march`)).toBe('rejected');
    const wrong = `${printed.slice(0, -1)}${(Number(printed.at(-1)) + 1) % 10}`;
    expect(await gate(`renewal reminder: ${wrong} expires in march`)).toBe('accepted');
  });

  it('keeps words that only look like possessives and copulas', async () => {
    expect(await gate('NIN registration centre na for Ikeja, dem open 8am')).toBe('accepted');
    expect(await gate('my social life is busy, 3 parties this week')).toBe('accepted');
  });
});

describe('passport numbers typed in groups or one character at a time', () => {
  it.each([
    ['여권번호 M703 15826 이거 예약할때 써줘'],
    ['mi pasaporte es G 3 8 1 5 0 4 7 2, ponlo en lo del vuelo'],
    ['passport # ko P6093718B para sa booking'],
    ['lambar fasfo dina A09284715 don biza'],
    ['номер закордонного паспорта FX 730264 для бронювання'],
    ['رقم الباسبور A21768039 عشان الحجز'],
  ])('refuses %s', async (text) => {
    expect(await gate(text)).toBe('rejected');
  });

  it('keeps a passport note with a year and words in capitals', async () => {
    expect(await gate('PASSPORT: RENEW BY 2027')).toBe('accepted');
    expect(await gate('passport photos cost 12 euros at the kiosk')).toBe('accepted');
  });
});

describe('codes that "came", codes with how long they last', () => {
  it.each([
    ['doğrulama kodu geldi 6 1 8 2 4 0 hemen gir'],
    ['認証コード届いた！ 735902 はやく'],
    ['kod TAC dh sampai 402958 cepat masukkan'],
    ['код підтвердження з Дії прийшов — 47 29 15, введи'],
    ['ok it came!! 4 8 2 9 1 7 hurry it says valid 2 min'],
  ])('refuses %s', async (text) => {
    expect(await gate(text)).toBe('rejected');
  });

  it('keeps codes that never came and tickets valid for hours', async () => {
    expect(await gate('the verification code never came, I tried 3 times')).toBe('accepted');
    expect(await gate('parking ticket 4821 valid 2 hours from 14:00')).toBe('accepted');
    expect(await gate('order 552031 arrived today, valid warranty 24 months')).toBe('accepted');
  });
});

describe('access codes named in more languages', () => {
  it.each([
    ['大廈閘門密碼係 4719#，你到咗自己㩒'],
    ['コインロッカーの暗証番号 8204。東口の一番奥'],
    ['رقم الخزنة اللي في الدولاب ٣٧١٩٠٤ لا تقول لأحد'],
    ['telefon kilitlendi puk kodu 84207193 yazıyo'],
    ['die hek se kode is 1973*, maak toe agter jou'],
  ])('refuses %s', async (text) => {
    expect(await gate(text)).toBe('rejected');
  });

  it('keeps a locker number and a gate number', async () => {
    expect(await gate('コインロッカーは東口にあります、3番の列')).toBe('accepted');
    expect(await gate('die hek is by nommer 12, langs die skool')).toBe('accepted');
  });
});

describe('cards and IBANs split by dots or over lines', () => {
  it('refuses a card in dotted groups and one over two lines, not a dotted number that fails Luhn', async () => {
    const card = valid('220220384716', 16, passesLuhn);
    const dotted = card.replace(/(\d{4})(?=\d)/g, '$1.');
    expect(await gate(`номер карты ${dotted} срок 05/27`)).toBe('rejected');
    expect(
      await gate(
        `رقم الكرت\n${card.slice(0, 4)} ${card.slice(4, 8)}\n${card.slice(8, 12)} ${card.slice(12)}`,
      ),
    ).toBe('rejected');
    const wrong = `${dotted.slice(0, -1)}${(Number(dotted.at(-1)) + 1) % 10}`;
    expect(await gate(`номер заказа ${wrong} доставка завтра`)).toBe('accepted');
  });

  it('refuses an IBAN whose groups wrap onto the next line', async () => {
    const number = iban('PL', '102040270000190213847562');
    const groups = number.match(/.{1,4}/g)!;
    expect(
      await gate(
        `numer konta:\n${groups.slice(0, 4).join(' ')}\n${groups.slice(4).join(' ')}\ntytuł: czynsz`,
      ),
    ).toBe('rejected');
  });
});

describe('passwords and keys in more words', () => {
  it.each([
    ['mk facebook của bà là Hoa@lan1958 cháu đăng giùm'],
    ['el password bta3 el wifi 3and teta howa Teta#Nour1960 , matensash'],
    ['رمز وای‌فای خونه مامان‌بزرگ: Golnar_1359! اگه وصل نشد'],
    ['frasa laluan backup Bitwarden aku: kucing-biru-makan-durian-waktu-subuh'],
  ])('refuses %s', async (text) => {
    expect(await gate(text)).toBe('rejected');
  });

  it('refuses a hex private key named in Korean, not a transaction hash', async () => {
    const hex = 'd3728121d6c198c058666d5f50586fad8ddc34684674d70e4e7cd8661e370e08'.replace(/d/g, 'e');
    expect(await gate(`메타마스크 개인키 0x${hex} 백업해줘`)).toBe('rejected');
    expect(await gate(`이더리움 거래 해시 0x${hex} 확인해줘`)).toBe('accepted');
  });

  it('keeps "mk" and "رمز" that are not passwords', async () => {
    expect(await gate('mk ơi mai đi ăn phở không, 7h nhé')).toBe('accepted');
    expect(await gate('رمز المنتج في الكتالوج هو A12 للون الأزرق')).toBe('accepted');
  });
});
