// Hand-written cases for the later kinds and for passwords in other languages: secrets and identifiers as
// people write them in chat, and more benign look-alikes than positives, in every language covered. The
// detectors were tuned on these (unlike held-out-new-kinds.ts). Secret-shaped strings are assembled from
// parts; every value is fake.
import type { DetectionCode } from '../../../src/gate/index.ts';
import type { BenignCase } from './benign-cases.ts';
import { base64 } from './encode.ts';
import type { SecretCase } from './secret-cases.ts';

const TG = ['6248193075', ':AAF', 'q8Lm2Vx9Tn4Rp7Wb1Yc6Kd3Hf0Jg5Sa2'].join('');
const GL = ['glpat', '-', 'Rt7mK2pLv9TnQ4sWb8Yx'].join('');
const HFT = ['hf', '_', 'QmLkVxTnRpWbYcKdHfJgSaUeIoZxLqVnTa'].join('');
const AUTH = base64('deploy:R3gistry-Pa55!');
const SEED = 'abstract hover lumber orbit cradle velvet fiscal napkin sorry tattoo journey gentle';
const SEED_24 =
  'rural gallery season bottom vacuum mansion wisdom ethics trophy hurdle siren cable noble tomato arrest juice pepper velvet eagle harvest spoon rescue canyon ripple';

const SECRETS: [DetectionCode, string, string][] = [
  // Passwords.
  ['secret.password', 'de', 'Mein Passwort lautet Tannenbaum!7'],
  ['secret.password', 'de', 'Das Kennwort für den Router ist Fritz-2024#'],
  ['secret.password', 'de', 'WLAN-Passwort: Sommerwiese88'],
  ['secret.password', 'de', 'das Passwort lautet sonnenschein'],
  ['secret.password', 'de', 'Passwort vom Laptop ist Kaffee&Kuchen1'],
  ['secret.password', 'es', 'mi contraseña del banco es Toro#2020'],
  ['secret.password', 'es', 'la clave del wifi es perro1234gato'],
  ['secret.password', 'es', 'Contraseña: Luna_llena77'],
  ['secret.password', 'es', 'cambié la contraseña a Sol2024!'],
  ['secret.password', 'pt', 'a senha do wifi é cafe2022pao'],
  ['secret.password', 'pt', 'minha senha: Brasil#1970'],
  ['secret.password', 'pt', 'Palavra-passe do email: Porto@2019'],
  ['secret.password', 'fr', 'le mot de passe du routeur est Fromage#33'],
  ['secret.password', 'fr', 'mot de passe : Soleil-Levant9'],
  ['secret.password', 'fr', 'mdp banque: Paris75011!'],
  ['secret.password', 'zh', '我的密码是abc12345'],
  ['secret.password', 'zh', '密码：Qwer#2024'],
  ['secret.password', 'zh', 'wifi密码是 happy2023home'],
  ['secret.password', 'zh', '邮箱密码为 Mail@8888'],
  ['secret.password', 'it', 'la password del conto è Pizza#1990'],
  ['secret.password', 'nl', 'het wachtwoord van de router is Fiets2020!'],
  ['secret.password', 'ja', 'パスワード：Fuji#3776'],
  ['secret.password', 'ko', '비밀번호: Seoul#2024'],
  ['secret.password', 'ru', 'пароль: Moskva#1147'],
  ['secret.password', 'pl', 'hasło do wifi: Krakow#2021'],
  ['secret.password', 'tr', 'şifre: Istanbul#34'],
  ['secret.password', 'sv', 'lösenordet är Tomte#2022'],
  ['secret.password', 'en', 'changed my password to Sunflower#2024'],
  ['secret.password', 'en', 'the wifi key is Sunny-Day-42'],
  ['secret.password', 'en', 'pw: Orchid!5521'],
  // One-time codes.
  ['secret.one_time_code', 'en', 'Your verification code is 482913'],
  ['secret.one_time_code', 'en', 'OTP 123456'],
  ['secret.one_time_code', 'en', '739201 is your Instagram code'],
  ['secret.one_time_code', 'en', 'the 2FA code from the authenticator: 553 017'],
  ['secret.one_time_code', 'en', 'recovery codes: 4kd9-2hs7, 8fj2-1lq0'],
  ['secret.one_time_code', 'zh', '您的验证码是 889102'],
  ['secret.one_time_code', 'de', 'TAN: 448102'],
  ['secret.one_time_code', 'es', 'código de verificación: 102938'],
  ['secret.one_time_code', 'pt', 'código de segurança 5512'],
  ['secret.one_time_code', 'fr', 'code à usage unique 772910'],
  ['secret.one_time_code', 'ko', '인증번호는 604182 입니다'],
  ['secret.one_time_code', 'ru', 'код подтверждения: 4481'],
  // Access codes.
  ['secret.access_code', 'en', 'the alarm code is 4521'],
  ['secret.access_code', 'en', 'garage PIN 7731'],
  ['secret.access_code', 'en', 'front door code: 2580#'],
  ['secret.access_code', 'en', 'code for the garage is 9911'],
  ['secret.access_code', 'en', 'lockbox at the cabin is 3141'],
  ['secret.access_code', 'en', 'disarm the alarm with 6060'],
  ['secret.access_code', 'de', 'Türcode: 1357'],
  ['secret.access_code', 'de', 'Der Code für die Haustür ist 8642'],
  ['secret.access_code', 'es', 'código del portal 4410'],
  ['secret.access_code', 'pt', 'código do portão: 2211'],
  ['secret.access_code', 'fr', 'digicode 47B12'],
  ['secret.access_code', 'it', 'codice della cassaforte: 9876'],
  ['secret.access_code', 'nl', 'alarmcode 5566'],
  // Passphrases and seed phrases.
  ['secret.passphrase', 'en', 'my passphrase is correct horse battery staple'],
  ['secret.passphrase', 'en', 'The vault passphrase: purple monkey dishwasher rocket'],
  ['secret.passphrase', 'fr', 'la phrase secrète est le chat mange la souris'],
  ['secret.seed_phrase', 'en', `seed phrase: ${SEED}`],
  ['secret.seed_phrase', 'en', SEED_24],
  [
    'secret.seed_phrase',
    'en',
    SEED.split(' ')
      .map((w, i) => `${i + 1}) ${w}`)
      .join(' '),
  ],
  [
    'secret.wallet_key',
    'en',
    'ethereum private key: 0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318',
  ],
  // Tokens and registry credentials.
  ['secret.telegram_bot_token', 'en', `bot token ${TG}`],
  ['secret.telegram_bot_token', 'en', TG],
  ['secret.vendor_token', 'en', `GITLAB_TOKEN=${GL}`],
  ['secret.vendor_token', 'en', `huggingface token: ${HFT}`],
  ['secret.docker_auth', 'en', `{"auths":{"registry.acme.example":{"auth":"${AUTH}"}}}`],
  ['secret.docker_auth', 'en', 'docker login --password=Hunter2Registry! -u ci registry.example.com'],
  // Identifiers.
  ['pii.ssn', 'en', 'SSN: 219-45-6781'],
  ['pii.ssn', 'en', 'her social security number is 512 34 7788'],
  ['pii.cpf', 'pt', 'CPF 529.982.247-25'],
  ['pii.cpf', 'pt', 'meu cpf: 111.444.777-35'],
  ['secret.card_number', 'es', 'tarjeta 4111 1111 1111 1111 caduca 12/27'],
  ['pii.iban', 'de', 'IBAN: DE89 3704 0044 0532 0130 00'],
  ['pii.iban', 'pt', 'NIB/IBAN PT50 0002 0123 1234 5678 9015 4'],
  ['pii.iban', 'it', 'IBAN IT60X0542811101000000123456'],
  ['pii.passport', 'en', 'passport number: 912803456'],
  ['pii.passport', 'pt', 'passaporte FX123456'],
  ['pii.national_id', 'es', 'DNI: 87654321X'],
  ['pii.national_id', 'zh', '身份证号码：11010519491231002X'],
  ['pii.national_id', 'de', 'Personalausweisnummer L01X00T47'],
  ['pii.national_id', 'en', 'UK national insurance number: AB123456C'],
  ['pii.national_id', 'pl', 'mój PESEL to 02070803628'],
  ['pii.contact_record', 'en', 'Ana (landlord): ana@example.com, +1 415 555 0133'],
  ['pii.contact_record', 'de', 'Klaus Weber, klaus.weber@example.de, 030 1234 5678'],
  ['pii.contact_record', 'es', 'la fontanera: maria@example.es, tel. 612 345 678'],
  // Added with the possessive, verb-colon and nearby-CPF readings (2026-12-02).
  ['secret.password', 'it', 'la mia password del wifi è: Tramonto#19'],
  ['secret.password', 'el', 'ο κωδικός σου για το wifi είναι Thalassa#88'],
  ['pii.cpf', 'pt', 'CPF da minha mãe, para o cadastro: 52998224725'],
  // Canadian, Australian and New Zealand numbers (2026-12-02).
  ['pii.national_id', 'en', 'my SIN is 046 454 286'],
  ['pii.national_id', 'en', "Dad's tax file number: 123 456 782"],
  ['pii.national_id', 'en', 'IRD number 49-091-850 for the NZ return'],
  // Relative clauses between label and verb (2026-12-02).
  ['secret.password', 'es', 'la clave del wifi que nos dio el casero es Limon#58'],
  ['secret.password', 'fr', "le mot de passe qu'elle m'a envoyé est Lavande!31"],
  ['secret.password', 'it', 'la password che uso per la banca è Vesuvio#77'],
  ['secret.one_time_code', 'pt', 'o código de verificação que chegou por SMS é 551902'],
  // The value first, and login pairs under other languages' labels (2026-12-02).
  ['secret.password', 'fr', 'Marseille#13 est le mot de passe du wifi'],
  ['secret.password', 'de', 'Zugang fürs NAS: admin / Kiefer#2024'],
];

const BENIGN: [string, string][] = [
  // German.
  ['de', 'Das Passwort ist abgelaufen'],
  ['de', 'Das Passwort ist falsch.'],
  ['de', 'Mein Passwort ist zu schwach, sagt die Bank.'],
  ['de', 'Ich habe mein Passwort vergessen.'],
  ['de', 'Das Kennwort wurde gestern geändert.'],
  ['de', 'Das Passwort ist Pflicht für jedes Konto.'],
  ['de', 'Passwort: vergessen, bitte zurücksetzen'],
  ['de', 'Die PIN ist abgelaufen.'],
  ['de', 'Der Bestätigungscode kam nicht an.'],
  ['de', 'Der Alarmcode steht im Handbuch.'],
  ['de', 'Ruf mich bei der Arbeit an.'],
  ['de', 'Die Bestellung 4711-2290 kommt am Montag.'],
  ['de', 'Version 3.2.1 behebt den Fehler.'],
  ['de', 'Preis: 1.299,00 € inkl. MwSt.'],
  ['de', 'Meine Postleitzahl ist 80331.'],
  ['de', 'Die Sendungsnummer ist 00340434161094042540.'],
  ['de', 'Die IBAN steht auf der Rechnung.'],
  ['de', 'Mein Reisepass läuft 2027 ab.'],
  ['de', 'Der Personalausweis muss verlängert werden.'],
  // Spanish.
  ['es', 'La contraseña es incorrecta.'],
  ['es', 'La contraseña es obligatoria.'],
  ['es', 'Mi contraseña caducó ayer.'],
  ['es', 'La clave es la paciencia.'],
  ['es', 'Olvidé el PIN de la tarjeta.'],
  ['es', 'El código de la puerta cambia cada mes.'],
  ['es', 'Llámame al trabajo.'],
  ['es', 'El pedido 2024-55120 está en camino.'],
  ['es', 'El vuelo IB 3170 sale a las 18:40.'],
  ['es', 'Mi DNI caduca en mayo.'],
  ['es', 'El precio es 1.250 euros.'],
  // Portuguese.
  ['pt', 'A senha está errada.'],
  ['pt', 'A senha é obrigatória para entrar.'],
  ['pt', 'Esqueci minha senha.'],
  ['pt', 'O código de verificação não chegou.'],
  ['pt', 'O pedido 3391-8872 foi entregue.'],
  ['pt', 'Meu CPF está regular na Receita.'],
  ['pt', 'O voo sai às 14h30 do portão 12.'],
  ['pt', 'Ligue para mim no trabalho.'],
  // French.
  ['fr', 'Le mot de passe est incorrect.'],
  ['fr', 'Le mot de passe est expiré.'],
  ['fr', 'Mot de passe : oublié, il faut le réinitialiser.'],
  ['fr', 'Le code de vérification expire dans 10 minutes.'],
  ['fr', 'Le digicode a changé, demande au gardien.'],
  ['fr', 'Appelle-moi au bureau.'],
  ['fr', 'Commande n° 2024-7781 expédiée.'],
  ['fr', 'Le prix est de 49,90 €.'],
  // Chinese, Japanese, Korean.
  ['zh', '我的密码过期了'],
  ['zh', '密码是错的，要重置'],
  ['zh', '请不要把密码告诉别人'],
  ['zh', '验证码五分钟内有效'],
  ['zh', '我的护照明年到期'],
  ['zh', '订单 1002938475 明天到'],
  ['ja', 'パスワードが間違っています。'],
  ['ja', '認証コードが届きません。'],
  ['ko', '비밀번호가 만료되었습니다.'],
  ['ko', '인증번호가 오지 않아요.'],
  // Other languages.
  ['it', 'La password è sbagliata.'],
  ['it', 'Il codice di verifica non è arrivato.'],
  ['nl', 'Het wachtwoord is te kort.'],
  ['nl', 'De verificatiecode is niet aangekomen.'],
  ['ru', 'Пароль неверный.'],
  ['ru', 'Код подтверждения не пришёл.'],
  ['pl', 'Hasło jest za krótkie.'],
  ['tr', 'Şifre yanlış.'],
  ['sv', 'Lösenordet är fel.'],
  // English.
  ['en', 'I forgot my password again'],
  ['en', 'the wifi password is on the fridge'],
  ['en', 'my PIN expired'],
  ['en', 'call me at work'],
  ['en', 'Ana said to email her rather than call.'],
  ['en', 'The verification code never arrived.'],
  ['en', 'OTP login is enabled on the bank account.'],
  ['en', 'The alarm code is the same as last year.'],
  ['en', 'The building code requires two exits per floor.'],
  ['en', 'Our house number is 1204.'],
  ['en', 'The passphrase is in the vault, not here.'],
  ['en', 'A seed phrase has 12 or 24 words.'],
  ['en', 'Never share your recovery phrase with anyone.'],
  ['en', 'The Telegram channel is @acme_updates.'],
  ['en', 'Docker Desktop stores credentials in the keychain.'],
  ['en', 'Her email is ana@example.com.'],
  ['en', 'The dentist is at +44 20 7946 0018.'],
  ['en', 'Order 123-4567890-1234567 arrived.'],
  ['en', 'The meeting is on 2025-03-14 at 09:30.'],
  ['en', 'Version 10.15.7 of macOS.'],
  ['en', 'ISBN 0-306-40615-2 is the reference.'],
  ['en', 'The price went from $1,299 to $1,099.'],
  ['en', 'Zip code 10001 is Manhattan.'],
  ['en', 'Tracking 1Z999AA10123456784 is out for delivery.'],
  ['en', 'The SSN field on the form is optional.'],
  ['en', 'Passport renewal takes 6 to 8 weeks.'],
  ['en', 'Social security office is closed on Friday.'],
  ['en', 'We need to talk about the alarm system upgrade.'],
  ['en', 'The lockbox is on the left of the door.'],
  [
    'en',
    'Packing list: jacket, gloves, scarf, boots, socks, camera, charger, ticket, passport, wallet, keys, phone.',
  ],
  ['en', 'you can say that this man will have to use the old area again before it gets dark'],
  ['en', 'The code is 4521 lines long after the refactor.'],
  ['en', 'Set the alarm for 0630 on weekdays.'],
  ['en', 'My passport number is on the photo page.'],
  ['en', 'The tax id field is required for invoices.'],
  ['en', 'Call me at 10:30 tomorrow, jo@example.com has the agenda.'],
  ['en', 'Text me when you land.'],
  ['en', 'The 2FA code is 6 digits long.'],
  ['en', 'PIN entry is disabled after 3 attempts.'],
  ['en', 'The combination of 3 colours works best.'],
  ['en', 'Garage door opener model 8550 needs a new remote.'],
  ['en', 'The OTP is sent by SMS to the number on file.'],
  ['en', 'Order 0123 4567 89 for the shop, confirmation sent to orders@example.com.'],
  ['de', 'Das Passwort ist Geheimsache.'],
  ['de', 'Das Passwort ist Sache der IT.'],
  ['es', 'la patente número 2.345.678 vence en 2030'],
  ['pl', 'nie mam 12345 zł na koncie'],
  ['pt', 'A senha do Wi-Fi está no roteador.'],
  ['fr', 'Le mot de passe est le même que celui du bureau.'],
  ['zh', '验证码是六位数字'],
  ['zh', '密码是你的生日'],
  // Near the Canadian, Australian and New Zealand labels (2026-12-02).
  ['en', 'my SIN card is in the drawer with the passports'],
  ['es', 'un café sin azúcar y 125 000 pesos de propina'],
  ['en', 'the tax file number goes on the TFN declaration form'],
  // Relative clauses that say nothing of the value (2026-12-02).
  ['es', 'la contraseña que me dieron es demasiado corta'],
  ['fr', "le mot de passe qu'il m'a donné est dans l'enveloppe"],
  ['de', 'das Passwort, das ich nutze, ist seit gestern abgelaufen'],
  // Near the value-first and login-pair readings (2026-12-02).
  ['de', 'KeePass ist mein Passwortmanager seit Jahren'],
  ['es', 'acceso: lunes / martes, de 9 a 14'],
];

/** Hand-written secret and identifier cases in many languages. */
export function handWrittenLanguageSecrets(): SecretCase[] {
  return SECRETS.map(([expected, language, text], i) => ({
    id: `hand-lang:${expected}#${i}`,
    origin: 'hand-written',
    expected,
    language,
    text,
  }));
}

/** Hand-written benign memories in many languages. */
export function handWrittenLanguageBenign(): BenignCase[] {
  return BENIGN.map(([language, text], i) => ({
    id: `hand-lang:${language}#${i}`,
    origin: 'hand-written',
    category: 'look_alike',
    language,
    text,
  }));
}
