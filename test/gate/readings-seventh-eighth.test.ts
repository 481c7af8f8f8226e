// The readings the seventh and eighth independent held-out sets prompted (end users naming identifiers and card
// schemes in their own languages; what coding and ops agents save), each beside the look-alikes it must leave alone.
// Values are generated here with their check digits, so no complete identifier literal sits in the repository.
import { describe, expect, it } from 'vitest';
import { detectPii } from '../../src/gate/pii/index.ts';
import {
  isValidAadhaar,
  isValidIranianCode,
  isValidMyNumber,
  isValidSteuerId,
  isValidTcKimlik,
} from '../../src/gate/pii/national-ids.ts';
import { mrzCheckDigit } from '../../src/gate/pii/passports.ts';
import { passesLuhn } from '../../src/gate/secrets/card-numbers.ts';
import { detectSecrets } from '../../src/gate/secrets/index.ts';

const classes = (text: string) => detectPii(text).map((f) => f.class);
const codes = (text: string) => detectSecrets(text).map((f) => f.code);

/** The first number from `prefix` + counter digits (to `length`) that `valid` accepts, and one it rejects. */
function numbers(prefix: string, length: number, valid: (digits: string) => boolean) {
  let good = '';
  let bad = '';
  for (let i = 0; (good === '' || bad === '') && i < 100_000; i++) {
    const digits = (prefix + String(i * 7919).padStart(length, '3')).slice(0, length);
    if (valid(digits)) good ||= digits;
    else bad ||= digits;
  }
  return { good, bad };
}

describe('cards of national schemes', () => {
  it('refuses Luhn-valid Mir, Troy and Elo numbers and leaves other digit runs alone', () => {
    for (const prefix of ['2202', '9792', '636368']) {
      const { good, bad } = numbers(prefix, 16, passesLuhn);
      const grouped = good.replace(/(\d{4})(?=\d)/g, '$1 ');
      expect(classes(`номер моей карты ${grouped}, срок до 10/27`)).toContain('card_number');
      expect(classes(`номер моей карты ${bad.replace(/(\d{4})(?=\d)/g, '$1 ')}`)).toEqual([]);
    }
  });
});

describe('identifiers whose check digits vouch for them near a label', () => {
  const cases = [
    {
      valid: isValidTcKimlik,
      prefix: '148',
      length: 11,
      say: (n: string) => `TC kimlik no istiyo, benimki ${n}`,
    },
    {
      valid: isValidSteuerId,
      prefix: '80',
      length: 11,
      say: (n: string) => `meine Steuer-ID – merk sie dir? ${n}`,
    },
    {
      valid: isValidAadhaar,
      prefix: '85',
      length: 12,
      say: (n: string) => `mera aadhaar number save kar le ${n}`,
    },
    { valid: isValidIranianCode, prefix: '21', length: 10, say: (n: string) => `کد ملی من ${n} هست` },
    { valid: isValidMyNumber, prefix: '30', length: 12, say: (n: string) => `マイナンバーの控え ${n}` },
  ];
  it('refuses a number with valid check digits after the label, whatever stands between', () => {
    for (const { valid, prefix, length, say } of cases) {
      const { good } = numbers(prefix, length, valid);
      expect(classes(say(good)), say(good)).toContain('national_id');
    }
  });
  it('leaves a number whose check digits fail, and numbers far from any label', () => {
    for (const { valid, prefix, length, say } of cases) {
      const { good, bad } = numbers(prefix, length, valid);
      expect(classes(say(bad)), say(bad)).toEqual([]);
      expect(classes(`order ${good} ships tomorrow`)).toEqual([]);
    }
    // Each format only after its own country's labels: an Indian mobile number by an Aadhaar label is not read as
    // an Iranian code, whatever its digits.
    const mobile = numbers('98', 10, isValidIranianCode).good;
    expect(classes(`my aadhaar is linked to my mobile ${mobile}`)).not.toContain('national_id');
    expect(classes(`کد ملی من ${mobile} هست`)).toContain('national_id');
    // A label's letters inside a tracking number ("...MEDRG6487...") are no label.
    expect(classes('my package is 1ZHMEDRG6487896047, arriving Tuesday')).toEqual([]);
  });
});

describe('identifier labels followed by words, a copula or a table column', () => {
  it('reads words before a colon, and two before a copula, in the user language', () => {
    expect(classes('la CURP de mi hija pa la inscripción: HEOV170509MJCRRL09')).toContain('national_id');
    expect(classes('Reisepassnummer für die Buchung nach Kanada: JPWKH54MG')).toContain('passport');
    expect(classes('Số CCCD của mình là 079192122672')).toContain('national_id');
    expect(classes('Namba yangu ya kitambulisho ni 44772693')).toContain('national_id');
    expect(classes("Mon numéro de sécu c'est le 2 91 07 69 193 698 06")).toContain('national_id');
    expect(classes('マイナンバーは3028 8985 1496です')).toContain('national_id');
  });
  it('leaves a value the last word names as another number', () => {
    expect(classes('Passport renewal appointment confirmation: 48213377')).toEqual([]);
    expect(classes('Passport renewal, booking ref: KX7Q2M55')).toEqual([]);
    expect(classes('DNI renewal at the police station, cita: 44821339')).toEqual([]);
  });
  it('reads a passport column of a CSV export and a machine-readable zone with valid check digits', () => {
    const csv =
      'booking_ref,lead_passenger,passport_number\nKX7Q2M,Harriet Doe,E91944257\nLM2P9Q,Ann Roe,E55512841';
    expect(classes(csv)).toEqual(['passport', 'passport']);
    expect(classes('booking_ref,lead_passenger,seat\nKX7Q2M,Harriet Doe,E91944257')).toEqual([]);
    const number = 'M17080813';
    const line = (check: number) => `${number}${check}KOR8803126M3305212<<<<<<<<<<<<<<02`;
    expect(classes(`mrz_line2=${line(mrzCheckDigit(number))}`)).toContain('passport');
    expect(classes(`mrz_line2=${line((mrzCheckDigit(number) + 1) % 10)}`)).toEqual([]);
  });
});

describe('what agents save', () => {
  it('refuses a quoted framework secret with punctuation, a Postman bearer value, a Hardhat account key', () => {
    const key = ['pk8am%7rgn1*yt#i9d9^fzxc', 'xs6w*yvfd=kdps!ueh*e#ud56k'].join('');
    expect(codes(`SECRET_KEY = '${key}'`)).toEqual(['secret.generic_high_entropy']);
    const bearer = ['xJwcOl7YKwZ7Esb24b1wtL7', 'LetVjcouq5AZL_XjGlmZM9B0r'].join('');
    expect(codes(`"auth": {"type": "bearer", "bearer": [{"key": "token", "value": "${bearer}"}]}`)).toEqual([
      'secret.bearer_token',
    ]);
    expect(codes('"bearer": [{"key": "token", "value": "{{access_token}}"}]')).toEqual([]);
    const hex = '2da14d7b07f1b39f0393ba94e9728ace'.repeat(2);
    expect(codes(`networks: { mainnet: { accounts: ["0x${hex}"] } }`)).toEqual(['secret.wallet_key']);
    expect(codes(`PGPASSWORD='RknhOYFhuE%68' psql -h 10.0.3.14 -U etl`)).toEqual(['secret.password']);
  });
  it('stores filled-in templates, documented defaults, ARNs and test cards', () => {
    expect(codes('STRIPE_SECRET_KEY=sk_live_xxxxxxxxxxxxxxxxxxxxxxxx')).toEqual([]);
    expect(
      codes('placeholder https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX'),
    ).toEqual([]);
    expect(
      codes('README: the default admin password is `changeme`; the installer makes you change it'),
    ).toEqual([]);
    expect(
      codes('The key lives in arn:aws:secretsmanager:us-east-1:303337834140:secret:prod/api/stripe-n6iyyt'),
    ).toEqual([]);
    expect(codes('Stripe test card 4000 0025 0000 3155 always triggers 3D Secure')).toEqual([]);
  });
  it('still refuses a password of repeated digits and a real-looking key under the same names', () => {
    expect(codes('the wifi password is 11111111')).toEqual(['secret.password']);
    const body = ['51HqJvKLmQ2xT9', 'bP4rW8sZyN3cVf'].join('');
    expect(codes(`STRIPE_SECRET_KEY=sk_live_${body}`)).toEqual(['secret.stripe_key']);
  });
});

describe('codes and PINs given after a few words, an arrow or a dash, in the users languages', () => {
  it('refuses one-time codes after who sent them, an arrow, a dash, or words before a copula', () => {
    for (const text of [
      '2FA code for my coinbase login → 064318',
      'zapamiętaj na chwilę kod BLIK 684 203, zaraz go wpiszę',
      'Код из СМС от Госуслуг — 481 902, подержи его',
      'kode OTP dari Tokopedia 2 8 4 6 1 9, katanya jangan kasih',
      'mã OTP ngân hàng vừa gửi là 573920, giữ giúp mình',
    ])
      expect(codes(text), text).toEqual(['secret.one_time_code']);
  });
  it('leaves talk about codes alone', () => {
    for (const text of [
      'the OTP expires after 5 minutes',
      'BLIK payments are limited to 1000 zł a day',
      'the OTP for this bank is usually 6 digits',
      'OTP from the bank never arrived, order 48213377 is stuck',
    ])
      expect(codes(text), text).toEqual([]);
  });
  it('refuses a PIN or password after a few words and a Swahili, Arabic or Vietnamese copula', () => {
    expect(codes('PIN yangu ya M-Pesa ni 4093, usimwambie mtu')).toEqual(['secret.password']);
    expect(codes('كلمة السر لحسابي في تطبيق البنك هي Riyadh@2024xy')).toEqual(['secret.password']);
    expect(codes('pass wifi nhà mình là Hoahong2468@ nha')).toEqual(['secret.password']);
    expect(codes('sorry, the debit card PIN is actually 9082')).toEqual(['secret.password']);
  });
  it('takes no word for a password after such a copula', () => {
    expect(codes('no tengo password ni PIN')).toEqual([]);
    expect(codes('password baru adalah yang panjang')).toEqual([]);
    expect(codes('the password is actually wrong')).toEqual([]);
  });
});

describe('the ninth set: codes and identifiers inside longer messages', () => {
  it('refuses a code given shortly after its lock was named, and a bold code on the line after its label', () => {
    expect(
      codes(
        'the keys are in the grey key safe to the left of the front door. The code is 2758, scramble it after.',
      ),
    ).toEqual(['secret.access_code']);
    expect(codes('De sleutel hangt in het sleutelkastje naast de schuur, code 5398.')).toEqual([
      'secret.access_code',
    ]);
    expect(codes('Your sign-in code is:\n\n**738 204**\n\nThe code expires in 10 minutes.')).toEqual([
      'secret.one_time_code',
    ]);
  });
  it('leaves codes that name what they are, a lock in another paragraph, and short numbers', () => {
    for (const text of [
      'The front door is blue. Your booking code is 48213377.',
      'The gate opens at 9. Tracking code 5512 0983 771 for the parcel.',
      'Check-in at the front door.\n\nThe code for the Wi-Fi network name is on the router.',
      'The garage is on the left. The code 12 is for the parking zone.',
    ])
      expect(codes(text), text).toEqual([]);
    expect(codes('The garage door was fixed.\n\nThe code is 2758 for the gym membership app.')).toEqual([]);
  });
  it('reads a UK National Insurance number by its shape a sentence after its label', () => {
    expect(classes('I typed my National Insurance number wrong. The right one is JT 48 27 19 C.')).toContain(
      'national_id',
    );
    expect(classes('My National Insurance number is pending; the ticket is QQ 12 34 56 E.')).toEqual([]);
  });
});

describe('the ninth set: labels and phrasings in Ukrainian, Hebrew, Japanese, Greek and Arabic', () => {
  it('reads them', () => {
    expect(codes('для ноутбука пароль змінено на Dnipro_Sun47. Нікому не передавати.')).toEqual([
      'secret.password',
    ]);
    expect(codes('הסיסמה לכניסה למחשב: Shoshana1956!')).toEqual(['secret.password']);
    expect(codes('رمز التحقق الخاص بك هو 381946. لا تشارك هذا الرمز')).toEqual(['secret.one_time_code']);
    expect(classes('מספר תעודת זהות: 206210080')).toContain('national_id');
    expect(classes('РНОКПП (ІПН): 3091470655')).toContain('national_id');
    expect(classes('■ 旅券番号：TK4829163（有効期限 2029年3月）')).toContain('passport');
    expect(classes('χρειάστηκε ο αριθμός διαβατηρίου μου: AK4183927, λήγει το 2030')).toContain('passport');
  });
  it('takes only a random value after naming words and a colon, and no aside for a number', () => {
    expect(codes('הסיסמה למחשב: ארוכה')).toEqual([]);
    expect(classes('РНОКПП (ІПН): уточню пізніше')).toEqual([]);
  });
});
