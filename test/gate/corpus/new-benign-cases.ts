// Generated benign memories for the later kinds, in every language the new detectors read: prose about
// passwords, codes and identifiers, lone e-mail addresses and phone numbers, and the numbers that look like
// codes or identifiers (orders, dates, versions, prices, postcodes, ISBNs, tracking numbers, invalid SSNs,
// CPFs and IBANs, word lists). Drawn from the same seed as new-kind-cases.ts, after it.
import type { BenignCase } from './benign-cases.ts';
import { email, phone } from './fake-identifiers.ts';
import { DIGITS, type Rng, UPPER_ALNUM } from './rng.ts';

type Maker = (rng: Rng) => string;

const PASSWORD_PROSE: Record<string, readonly string[]> = {
  en: [
    'I forgot my password again',
    'the wifi password is on the fridge',
    'my password expired last week',
    'the password is too short for the bank',
    'I need a new password for the portal',
    'my PIN expired',
    'the verification code never came',
    'the OTP is valid for 5 minutes',
    'the door code changes every month',
    'the alarm code is in the blue folder',
  ],
  de: [
    'Das Passwort ist abgelaufen',
    'Ich habe das Passwort vergessen',
    'Das Kennwort ist zu kurz',
    'Das Passwort ist ungültig',
    'Mein Passwort wurde zurückgesetzt',
    'Die PIN ist gesperrt',
    'Der Bestätigungscode ist abgelaufen',
    'Der Türcode ändert sich jeden Monat',
  ],
  es: [
    'La contraseña es incorrecta',
    'Olvidé la contraseña del correo',
    'La contraseña caducó',
    'La clave es ser constante',
    'El código de verificación no llegó',
    'El PIN está bloqueado',
  ],
  pt: [
    'A senha está errada',
    'Esqueci a senha do email',
    'A senha expirou',
    'O código de verificação não chegou',
    'O PIN foi bloqueado',
  ],
  fr: [
    'Le mot de passe est incorrect',
    "J'ai oublié le mot de passe",
    'Le mot de passe a expiré',
    "Le code de vérification n'est pas arrivé",
    'Le code PIN est bloqué',
  ],
  zh: ['密码错误', '我忘记密码了', '密码已过期', '验证码没收到', '请输入验证码'],
  it: ['La password è scaduta', 'Ho dimenticato la password', 'Il codice di verifica non è arrivato'],
  nl: ['Het wachtwoord is verlopen', 'Ik ben mijn wachtwoord vergeten'],
  ja: ['パスワードを忘れました', 'パスワードが違います'],
  ko: ['비밀번호를 잊어버렸어요', '비밀번호가 틀렸어요'],
  ru: ['Я забыл пароль', 'Пароль устарел'],
};

/** A digit string that is not a valid SSN (area 000, 666 or 9xx, group 00 or serial 0000). */
function invalidSsn(rng: Rng): string {
  return rng.pick([
    `000-${rng.chars(DIGITS, 2)}-${rng.chars(DIGITS, 4)}`,
    `666-${rng.chars(DIGITS, 2)}-${rng.chars(DIGITS, 4)}`,
    `9${rng.chars(DIGITS, 2)}-${rng.chars(DIGITS, 2)}-${rng.chars(DIGITS, 4)}`,
    `${rng.int(100, 899)}-00-${rng.chars(DIGITS, 4)}`,
  ]);
}

const MAKERS: readonly [string, Maker][] = [
  ...Object.entries(PASSWORD_PROSE).map(([language, lines]): [string, Maker] => [
    language,
    (r) => r.pick(lines),
  ]),
  ['en', (r) => `her email is ${email(r)}`],
  ['en', (r) => `send the invoice to ${email(r)}`],
  ['en', (r) => `call the dentist at ${phone(r)}`],
  ['de', (r) => `Die Praxis erreicht man unter ${phone(r)}`],
  ['es', (r) => `el correo de la escuela es ${email(r)}`],
  ['pt', (r) => `o telefone da loja é ${phone(r)}`],
  ['en', (r) => `order #${r.chars(DIGITS, 3)}-${r.chars(DIGITS, 7)}-${r.chars(DIGITS, 7)} shipped`],
  [
    'en',
    (r) =>
      `meeting on ${r.int(2020, 2030)}-0${r.int(1, 9)}-${r.int(10, 28)} at ${r.int(8, 18)}:${r.pick(['00', '30'])}`,
  ],
  ['en', (r) => `updated to version ${r.int(1, 20)}.${r.int(0, 20)}.${r.int(0, 50)}`],
  ['en', (r) => `the price is $${r.int(1, 9)},${r.chars(DIGITS, 3)}.${r.chars(DIGITS, 2)}`],
  ['en', (r) => `zip code ${r.chars(DIGITS, 5)}`],
  [
    'de',
    (r) => `PLZ ${r.chars(DIGITS, 5)}, Lieferung am ${r.int(1, 28)}.${r.int(1, 12)}.${r.int(2024, 2026)}`,
  ],
  ['pt', (r) => `CEP ${r.chars(DIGITS, 5)}-${r.chars(DIGITS, 3)}`],
  ['en', (r) => `tracking number 1Z${r.chars(UPPER_ALNUM, 6)}${r.chars(DIGITS, 10)}`],
  [
    'en',
    (r) =>
      `flight ${r.pick(['LH', 'BA', 'TP', 'IB'])} ${r.int(100, 9999)} leaves at ${r.int(6, 22)}:${r.pick(['05', '45'])}`,
  ],
  ['en', (r) => `room ${r.int(100, 1999)}, floor ${r.int(1, 19)}`],
  ['en', (r) => `the error code was ${r.int(1000, 9999)}`],
  ['en', (r) => `the form field reads ${invalidSsn(r)} as a placeholder`],
  [
    'pt',
    (r) =>
      `pedido ${r.chars(DIGITS, 3)}.${r.chars(DIGITS, 3)}.${r.chars(DIGITS, 3)}-${r.chars(DIGITS, 2)} em análise`,
  ],
  [
    'de',
    (r) =>
      `Referenz DE${r.chars(DIGITS, 2)} ${r.chars(DIGITS, 4)} ${r.chars(DIGITS, 4)} ${r.chars(DIGITS, 4)} ${r.chars(DIGITS, 4)} ${r.chars(DIGITS, 2)}`,
  ],
  ['en', (r) => `batch ${r.chars(DIGITS, 6)}, expiry ${r.int(1, 12)}/${r.int(25, 30)}`],
  ['en', (r) => `the Telegram group id is -100${r.chars(DIGITS, 10)}`],
  ['en', (r) => `the bus stop ${r.chars(DIGITS, 4)} is next to the gate`],
  [
    'en',
    () =>
      'shopping list: apple, banana, bread, butter, cheese, coffee, cream, egg, garlic, honey, lemon, milk',
  ],
  [
    'en',
    () =>
      'shopping list:\n- apple\n- banana\n- bread\n- butter\n- cheese\n- coffee\n- cream\n- egg\n- garlic\n- honey\n- lemon\n- milk',
  ],
];

/** `count` generated benign memories spread evenly over the makers above. */
export function generateNewBenignCases(rng: Rng, count: number): BenignCase[] {
  const cases: BenignCase[] = [];
  for (let i = 0; i < count; i++) {
    const [language, make] = MAKERS[i % MAKERS.length] as [string, Maker];
    cases.push({
      id: `new-benign#${i}`,
      origin: 'generated',
      category: 'look_alike',
      language,
      text: make(rng),
    });
  }
  return cases;
}
