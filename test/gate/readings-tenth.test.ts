// The readings the tenth independent held-out set prompted (tables, records, OCR, voice transcripts and native
// digits), each beside the look-alikes it must leave alone. Values are generated here with their check digits, so
// no complete identifier literal sits in the repository.
import { describe, expect, it } from 'vitest';
import { foldDigits, keysAsWords, otherViews } from '../../src/gate/detection-views.ts';
import { isValidBsn, isValidNir, isValidPesel, isValidThaiId } from '../../src/gate/pii/national-ids.ts';
import { passesLuhn } from '../../src/gate/secrets/card-numbers.ts';
import { isPlaceholder } from '../../src/gate/secrets/placeholders.ts';
import { spellOutDigits } from '../../src/gate/spoken-digits.ts';
import { tableCells } from '../../src/gate/table-cells.ts';
import { evaluateCorpusText } from './corpus/measure.ts';

/** The gate's decision on a user's fact, as the corpus measures it. */
const gate = async (content: string) => (await evaluateCorpusText(content)).decision;

/** The first number from `prefix` + counter digits (to `length`) that `valid` accepts. */
function valid(prefix: string, length: number, check: (digits: string) => boolean): string {
  for (let i = 0; i < 100_000; i++) {
    const digits = (prefix + String(i * 7919).padStart(length, '3')).slice(0, length);
    if (check(digits)) return digits;
  }
  throw new Error('no valid number found');
}
/** ASCII digits written in the block whose zero is `zero`. */
const inScript = (digits: string, zero: number) =>
  [...digits].map((d) => (/\d/.test(d) ? String.fromCharCode(zero + Number(d)) : d)).join('');

describe('the views the detectors read besides the stored text', () => {
  it('folds every script’s digits and full-width forms to ASCII, one unit for one', () => {
    expect(foldDigits('رمز التحقق ٤٩٥٨٣٨')).toBe('رمز التحقق 495838');
    expect(foldDigits('کد ملی ۵۵۰')).toBe('کد ملی 550');
    expect(foldDigits('カード ３５６６　４６５５')).toBe('カード 3566 4655');
    expect(foldDigits('no digits here')).toBe('no digits here');
  });

  it('writes records’ keys as words, and only keys', () => {
    expect(keysAsWords('{"passport_number":"X1","nationalId": "2"}')).toBe(
      '{"passport number":"X1","national Id": "2"}',
    );
    expect(keysAsWords('snake_case words stay as they are')).toBe('snake_case words stay as they are');
  });

  it('reads a table as sent, with its tabs, when the stored text lost them', () => {
    const sent = 'Name\tCard\nAna\t1234';
    expect(otherViews('Name Card\nAna 1234', sent)).toContain(sent);
    expect(otherViews('plain text', 'plain text')).toEqual([]);
  });

  it('spells out digits read aloud with pauses, in Russian and Ukrainian too', () => {
    expect(spellOutDigits('it is one zero zero, uh, seven eight, nine one three one')).toBe(
      'it is 100789131',
    );
    expect(spellOutDigits("код: дев'ять один вісім, нуль вісім три")).toBe('код: 918083');
    expect(spellOutDigits('um, okay, the code is, uh, 4471')).toBe('okay, the code is, 4471');
    // "um" stays Portuguese "one" among Portuguese digits.
    expect(spellOutDigits('o pin é cinco três nove um zero')).toBe('o pin é 53910');
    expect(spellOutDigits('uh, one or two, um, maybe three')).toBe('one or two, maybe three');
  });

  it('finds the cells of CSV, TSV and markdown tables under their headers', () => {
    const cells = tableCells(
      '| Device | User | Password |\n|---|---|---|\n| Router | admin | Xy7!kq2 |\n\nx,y\n1,2',
    );
    expect(cells.filter((c) => c.header === 'Password').map((c) => c.value)).toEqual(['Xy7!kq2']);
    expect(cells.filter((c) => c.header === 'y').map((c) => c.value)).toEqual(['2']);
    // A row is never read as the header of the rows after it ("ana,password" names no column).
    const rows = tableCells('user,note\nana,password\nbob,Xy7!kq2ab');
    expect(rows.map((c) => c.header)).toEqual(['user', 'note', 'user', 'note']);
  });
});

describe('the gate on the tenth set’s channels', () => {
  it('refuses identifiers and codes written in native digits, and keeps native-digit order numbers', async () => {
    const saudi = valid('10', 10, (d) => passesLuhn(d));
    expect(await gate(`رقم الهوية الوطنية: ${inScript(saudi, 0x660)}`)).toBe('rejected');
    expect(await gate(`وصلتني الرسالة: رمز التحقق الخاص بك هو ${inScript('495838', 0x660)}`)).toBe(
      'rejected',
    );
    const card = valid('3566', 16, passesLuhn).replace(/(\d{4})(?=\d)/g, '$1 ');
    expect(
      await gate(`カード番号メモ ${inScript(card, 0xff10).replace(/ /g, '\u3000')} 有効期限 08/28`),
    ).toBe('rejected');
    expect(
      await gate(`طلبك رقم ${inScript('48291733', 0x660)} في الطريق، التوصيل يوم ${inScript('12', 0x660)}`),
    ).toBe('accepted');
  });

  it('refuses passwords and cards in table cells, and keeps the notes beside them', async () => {
    expect(await gate('name,url,username,password\nshop,https://shop.example,ana84,Tacoma_Sunsets36')).toBe(
      'rejected',
    );
    expect(
      await gate(
        '| Device | URL | User | Password |\n|---|---|---|---|\n| Router | http://10.0.0.1 | admin | Wh1skers&M18 |',
      ),
    ).toBe('rejected');
    const card = valid('5432', 16, passesLuhn);
    expect(await gate(`Kart sahibi\tKart numarası\tSKT\nAYŞE DEMİR\t${card}\t05/28`)).toBe('rejected');
    expect(await gate(`order_id,customer,card_number,exp\n100482,J. Alvarez,${card},09/27`)).toBe('rejected');
    expect(
      await gate(
        '| Device | Password |\n|---|---|\n| Label printer | never changed, see manual |\n| NAS | passkey only |',
      ),
    ).toBe('accepted');
    expect(await gate(`order_id,sku,qty\n${card.slice(0, 8)},A-1142,3`)).toBe('accepted');
  });

  it('refuses keypad codes, quoted codes and codes after an aside, and keeps service codes and addresses', async () => {
    expect(await gate('이모네 현관 도어락 번호 바뀌었대. *2139# 누르고 들어가면 돼')).toBe('rejected');
    expect(await gate('| Cosa | Codice |\n|---|---|\n| Cancello carraio | 6505# |')).toBe('rejected');
    expect(
      await gate('alarm_control_panel:\n  - platform: manual\n    name: Home Alarm\n    code: "2206"'),
    ).toBe('rejected');
    expect(
      await gate(
        'Der Schlüssel liegt im Schlüsseltresor. Die Kombination lautet (bitte wieder verstellen):\n5 - 0 - 3 - 2',
      ),
    ).toBe('rejected');
    expect(await gate('At the house, dial *123# to check the prepaid balance')).toBe('accepted');
    expect(await gate('The office moved to suite 2215, door on the left')).toBe('accepted');
  });

  it('refuses check-digit identifiers a few words after their labels, and not without a label', async () => {
    const bsn = valid('23', 9, isValidBsn);
    expect(
      await gate(
        `Vul mijn BSN in (staat ook op de achterkant van mijn rijbewijs, maar dan hoef je niet te zoeken): ${bsn}.`,
      ),
    ).toBe('rejected');
    const body = '2930469383160';
    const nir = body + String(97 - Number(BigInt(body) % 97n)).padStart(2, '0');
    expect(isValidNir(nir)).toBe(true);
    const spaced = `${nir[0]} ${nir.slice(1, 3)} ${nir.slice(3, 5)} ${nir.slice(5, 7)} ${nir.slice(7, 10)} ${nir.slice(10, 13)} ${nir.slice(13)}`;
    expect(await gate(`Ils demandent ton numéro de sécu, c'est bien celui-là ? ${spaced}`)).toBe('rejected');
    expect(await gate(`Imię\tPESEL\nZuzanna\t${valid('1226', 11, isValidPesel)}`)).toBe('rejected');
    expect(await gate(`เลขประจำตัวประชาชน\nIdentification Number ${valid('48968', 13, isValidThaiId)}`)).toBe(
      'rejected',
    );
    expect(await gate(`Parcel ${bsn} left the depot at 09:12`)).toBe('accepted');
  });

  it('refuses a code named by its sender and a key on the line after its name', async () => {
    expect(await gate('Seu código do WhatsApp: 291-339\nNão compartilhe esse código.')).toBe('rejected');
    expect(await gate('the code they just texted me is, 593180. put it in before it times out')).toBe(
      'rejected',
    );
    expect(await gate('the code from the booking: 48213377 is on the printout')).toBe('accepted');
    const hex = 'c8df824aaea409e87d57a6573c3398a5'.repeat(2);
    expect(await gate(`Show private key gave me this for the hot wallet (0x7a3F…c91E):\n${hex}`)).toBe(
      'rejected',
    );
    expect(await gate(`private key fingerprint (SHA-256):\n${hex}`)).toBe('accepted');
    expect(await gate('{"passport_number":"TS6277192","flight":"JL0043"}')).toBe('rejected');
    expect(await gate('{"passport_expiry":"2031-05-20","flight":"JL0043"}')).toBe('accepted');
  });

  it('keeps a receipt’s authorisation code and instructions in a placeholder', async () => {
    expect(await gate('TOTAL 23.41\nVISA ************4821\nAUTH CODE: 08316B APPROVED\nSEQ# 004417')).toBe(
      'accepted',
    );
    expect(await gate('Your auth code is 482913, it expires in 5 minutes')).toBe('rejected');
    expect(await gate('export DB_PASSWORD=YOUR_PASSWORD_HERE\nReplace it with your local password.')).toBe(
      'accepted',
    );
    expect(isPlaceholder('VOTRE_MOT_DE_PASSE_ICI')).toBe(true);
    expect(isPlaceholder('Tacoma_Sunsets36')).toBe(false);
  });
});
