// Generated cases for the kinds added after the first corpus (one-time and access codes, passphrases, seed
// phrases, wallet keys, bot and service tokens, Docker auth, personal identifiers), in the sentences people
// save them in, several languages each. Drawn from their own seed, so the first corpus stayed as it was.
import { wordlist } from '@scure/bip39/wordlists/english.js';
import type { DetectionCode } from '../../../src/gate/index.ts';
import * as id from './fake-identifiers.ts';
import * as fake from './fake-secrets.ts';
import type { Rng } from './rng.ts';
import type { SecretCase } from './secret-cases.ts';

type Template = [language: string, text: string];
type Maker = (rng: Rng) => [language: string, text: string];

function around(value: (rng: Rng) => string, templates: readonly Template[]): Maker {
  return (rng) => {
    const [language, text] = rng.pick(templates);
    return [language, text.replace('{}', value(rng))];
  };
}

const MAKERS: Partial<Record<DetectionCode, Maker>> = {
  'secret.telegram_bot_token': around(fake.telegramBotToken, [
    ['en', 'TELEGRAM_TOKEN={}'],
    ['en', 'the alerts bot token is {}'],
    ['en', 'https://api.telegram.org/bot{}/sendMessage?chat_id=42'],
    ['de', 'Bot-Token für den Kanal: {}'],
  ]),
  'secret.vendor_token': around(fake.serviceToken, [
    ['en', 'token {}'],
    ['en', 'export API_TOKEN={}'],
    ['en', 'use {} for the deploy job'],
    ['es', 'el token del servicio es {}'],
  ]),
  'secret.docker_auth': around(fake.dockerConfig, [
    ['en', '{}'],
    ['en', 'my ~/.docker/config.json:\n{}'],
    ['en', 'registry creds for CI: {}'],
  ]),
  'secret.one_time_code': around(fake.oneTimeCode, [
    ['en', 'your verification code is {}'],
    ['en', 'OTP {}'],
    ['en', '{} is your login code'],
    ['en', 'the 2FA code for the bank: {}'],
    ['de', 'Ihr Bestätigungscode: {}'],
    ['es', 'tu código de verificación es {}'],
    ['pt', 'seu código de verificação é {}'],
    ['fr', 'votre code de vérification est {}'],
    ['zh', '验证码：{}'],
    ['ja', '認証コードは{}です'],
  ]),
  'secret.access_code': around(fake.accessCode, [
    ['en', 'the alarm code is {}'],
    ['en', 'garage door code: {}'],
    ['en', 'lockbox code {}'],
    ['en', 'the combination to the safe is {}'],
    ['de', 'Der Alarmcode ist {}'],
    ['es', 'el código de la puerta es {}'],
    ['pt', 'o código do alarme é {}'],
    ['fr', 'le code de la porte est {}'],
    ['it', "il codice dell'allarme è {}"],
  ]),
  'secret.passphrase': around(fake.passphrase, [
    ['en', 'my passphrase is {}'],
    ['en', 'GPG passphrase: {}'],
    ['en', 'the wallet passphrase is "{}"'],
    ['de', 'Die Passphrase lautet {}'],
  ]),
  'secret.seed_phrase': around(
    (rng) => fake.seedPhrase(rng, wordlist),
    [
      ['en', 'recovery phrase: {}'],
      ['en', '{}'],
      ['en', 'my ledger seed\n{}'],
      ['es', 'frase semilla: {}'],
    ],
  ),
  'secret.wallet_key': around(fake.walletKey, [
    ['en', '{}'],
    ['en', 'wallet backup: {}'],
    ['en', 'keep this safe {}'],
  ]),
  'pii.ssn': around(id.ssn, [
    ['en', 'my SSN is {}'],
    ['en', 'Social Security number: {}'],
    ['en', 'ssn {} for the payroll form'],
  ]),
  'pii.cpf': around(id.cpf, [
    ['pt', 'meu CPF é {}'],
    ['pt', 'CPF: {}'],
    ['pt', 'o cpf da Ana é {}'],
  ]),
  'secret.card_number': around(fake.cardNumber, [
    ['de', 'meine Kreditkarte: {}'],
    ['es', 'mi tarjeta es {}'],
    ['pt', 'número do cartão {}'],
    ['fr', 'ma carte bancaire {}'],
  ]),
  'pii.iban': around(id.iban, [
    ['en', 'my IBAN is {}'],
    ['de', 'Bitte überweisen an {}'],
    ['es', 'mi cuenta: {}'],
    ['fr', 'RIB {}'],
  ]),
  'pii.passport': around(id.passportNumber, [
    ['en', 'passport number {}'],
    ['en', 'my passport no. is {}'],
    ['de', 'Reisepassnummer: {}'],
    ['es', 'número de pasaporte {}'],
    ['fr', 'numéro de passeport : {}'],
  ]),
  'pii.national_id': (rng) => {
    const [label, value] = id.nationalId(rng);
    return ['en', rng.pick([`${label}: ${value}`, `my ${label} is ${value}`, `${label} ${value}`])];
  },
  'pii.contact_record': (rng) => {
    const [language, template] = rng.pick<Template>([
      ['en', '{name}: {email}, {phone}'],
      ['en', 'contact {name} at {email} or {phone}'],
      ['de', 'Kontakt {name}: {email}, Tel. {phone}'],
      ['es', '{name}, correo {email}, teléfono {phone}'],
      ['pt', '{name} — {email} — {phone}'],
    ]);
    return [
      language,
      template
        .replace('{name}', id.personName(rng))
        .replace('{email}', id.email(rng))
        .replace('{phone}', id.phone(rng)),
    ];
  },
};

/** `perKind` generated cases for every later kind, deterministic for a given generator. */
export function generateNewKindCases(rng: Rng, perKind: number): SecretCase[] {
  const cases: SecretCase[] = [];
  for (const [expected, make] of Object.entries(MAKERS) as [DetectionCode, Maker][]) {
    for (let i = 0; i < perKind; i++) {
      const [language, text] = make(rng);
      cases.push({ id: `${expected}#new${i}`, origin: 'generated', expected, language, text });
    }
  }
  return cases;
}
