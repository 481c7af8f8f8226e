// The second held-out set: new kinds (one-time codes, access codes, passphrases, seed phrases, bot and vendor
// tokens, Docker auth, personal identifiers) and passwords phrased in many languages, with benign look-alikes.
// Written before the detectors for these kinds existed and never used to tune them: its first-run figures are
// recorded in scripts/gate-report.ts. It was written by the engineer who wrote the detectors, so it is still
// kinder to them than text written by someone else would be. Secret-shaped strings are assembled from parts
// (no complete credential literal sits in the repository); every value is fake.
import type { DetectionCode } from '../../../src/gate/index.ts';
import type { BenignCase } from './benign-cases.ts';
import { base64 } from './encode.ts';
import type { SecretCase } from './secret-cases.ts';

const TELEGRAM = ['7310945528', ':AA', 'Hk3Lq9Vx2Tm7Rp4Wb8Yc1Kd6Hf0Jg5Sa9'].join('');
const TELEGRAM_2 = ['5829103746', ':AA', 'F_q2Lm9Vx4Tn8Rp1Wb6Yc3Kd0Hf5Jg-2S'].join('');
const GLPAT = ['glpat', '-', 'xQ7mK2pLv9TnR4sWb8Yc'].join('');
const HF = ['hf', '_', 'KqLmVxTnRpWbYcKdHfJgSaUeIoZxLqVnTm'].join('');
const DOP = ['dop', '_v1_', 'a3f9c2e17b4d8e6f0a5c9b1d7e3f2a8c4b6d0e9f1a7c3b5d8e2f4a6c0b9d1e7f'].join('');
const SHPAT = ['shpat', '_', '4f9c2e17b3d8a6f0e5c9b1d7a3f2e8c4'].join('');
const PYPI = [
  'pypi',
  '-AgEIcHlwaS5vcmc',
  'CJDk3ZmE5YzJlLTdiMWQtNGU4Zi1hNWMwLTlkMmI2ZTRmMWE3YwACKlszLCJ',
].join('');
const DCKR = ['dckr', '_pat_', 'Zq8Xw7Vu6Ts5Rq4Po3Nm2Lk1Abc'].join('');
const HVS = ['hvs', '.', 'CAESIJq8Xw7Vu6Ts5Rq4Po3Nm2Lk1AbCdEfGhIj'].join('');
const GSK = ['gsk', '_', 'Lq4Vn8Tm3Rp6Wb0Yc5Kd9Hf2Jg7Sa1Ue4Io8Zx3Lq6Vn0Tm5Rp9W'].join('');
const PMAK = ['PMAK', '-', '64f1c2b9e7a3d5f8c0b4e6a2', '-', '9c1e7f3a5b8d2e4f6a0c9b1d7e3f5a2c8b'].join('');
const GOCSPX = ['GOCSPX', '-', 'Kq9Lm2Vx7Tn4Rp8Wb1Yc6Kd3Hf0J'].join('');
const MAILGUN = ['key', '-', '3f9c2e17b4d8a6f0e5c9b1d7a3f2e8c4'].join('');
const AGE = ['AGE-SECRET-KEY-', '1QQPZRY9X8GF2TVDW0S3JN54KHCE6MUA7LQQPZRY9X8GF2TVDW0S3JN54KH'].join('');
const NRAK = ['NRAK', '-', 'Q3EGRTZL5NPXW7HDK2M9V4B8C1A'].join('');
const SBP = ['sbp', '_', '9f3c2b1a8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b'].join('');
const DISCORD_BOT = ['MTA4NzY1NDMyMTA5ODc2NTQzMg', '.GhT4x2', '.Kq9Lm2Vx7Tn4Rp8Wb1Yc6Kd3Hf0JgSaUe'].join('');
const DISCORD_HOOK = [
  'https://discord.com/api/webhooks/',
  '1187654321098765432/',
  'Zq8Xw7Vu6Ts5Rq4Po3Nm2Lk1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdEfGhIjKlMn',
].join('');
const ONEPASSWORD = [
  'A3',
  '-',
  'R7KQ2M',
  '-',
  'PLX9ZB',
  '-',
  '3TN5Q',
  '-',
  'W8H4D',
  '-',
  'K2M9V',
  '-',
  '4B8C1',
].join('');
const TAILSCALE = ['tskey', '-auth-', 'kQ7mK2pLv9CNTRL', '-', 'xQ7mK2pLv9TnR4sWb8YcZq8Xw7Vu6Ts5'].join('');

const DOCKER_AUTH = base64('ci-bot:Zq8Xw7Vu6Ts5Rq4Po3');
const DOCKER_AUTH_2 = base64('jo:s3cret-Registry-Pass');
const DOCKER_CONFIG_B64 = base64(JSON.stringify({ auths: { 'registry.acme.io': { auth: DOCKER_AUTH } } }));

const SEED_12 = 'police evoke peanut year pupil proof club tilt relax stable run filter';
const SEED_12_B = 'weekend jeans science defy hurdle test spider excite matrix suffer rebuild broccoli';
const SEED_24 =
  'sleep couple nerve design cube sister tenant submit broken journey robot frozen elegant furnace twenty ten hero horror spike club chuckle eyebrow gauge license';
const SEED_24_B =
  'nothing bleak rail green reason donate gift grid help vast hotel alarm document capital primary accident enable elephant helmet daughter soap kingdom mean suit';
const numbered = (phrase: string) =>
  phrase
    .split(' ')
    .map((word, i) => `${i + 1}. ${word}`)
    .join('\n');

const SECRETS: [DetectionCode, string, string][] = [
  // Passwords in many languages and new phrasings.
  ['secret.password', 'it', 'La password del wifi di casa è Gatto2024!'],
  ['secret.password', 'it', 'la mia password è: Sole!77'],
  ['secret.password', 'nl', 'Mijn wachtwoord is Tulp2023! voor de bank'],
  ['secret.password', 'pl', 'Moje hasło to Kwiatek#88'],
  ['secret.password', 'tr', 'ev wifi şifresi: Deniz2022*'],
  ['secret.password', 'sv', 'Lösenordet till routern är Alg-4491'],
  ['secret.password', 'ru', 'мой пароль от почты: Medved2020!'],
  ['secret.password', 'ja', 'パスワードは sakura2024 です'],
  ['secret.password', 'ko', '비밀번호는 Hangang77! 입니다'],
  ['secret.password', 'zh', '我的密碼是 tw2023pass!'],
  ['secret.password', 'zh', '家里wifi密码：88886666ab'],
  ['secret.password', 'zh', '支付宝登录密码改成了Lz@19880214'],
  ['secret.password', 'de', 'Das WLAN-Passwort lautet Sonnenblume77'],
  ['secret.password', 'de', 'Kennwort für das NAS: Tr4umSchiff!'],
  ['secret.password', 'de', 'mein Passwort ist jetzt Herbst#2025'],
  ['secret.password', 'de', 'Zugangsdaten Router: Benutzer admin, Passwort k9Lm-22x'],
  ['secret.password', 'es', 'la contraseña de mi correo es Mariposa_2019'],
  ['secret.password', 'es', 'clave wifi: casa1234playa'],
  ['secret.password', 'es', 'La clave del portátil es Tortuga88, no la cambies'],
  ['secret.password', 'pt', 'minha senha do banco é Bolo@1983'],
  ['secret.password', 'pt', 'a palavra-passe do portátil é lisboa2020'],
  ['secret.password', 'pt', 'senha da rede: Praia#2021'],
  ['secret.password', 'fr', 'mon mot de passe est Chaton#42'],
  ['secret.password', 'fr', 'mdp du compte Free : azerty2019'],
  ['secret.password', 'fr', 'Le code wifi de la maison : Maison-2023!'],
  ['secret.password', 'vi', 'mật khẩu wifi là hanoi2024@'],
  ['secret.password', 'id', 'kata sandi email saya adalah Jakarta#2023'],
  ['secret.password', 'cs', 'heslo k wifi je Praha2024!'],
  ['secret.password', 'el', 'ο κωδικός μου είναι Athina!2024'],
  ['secret.password', 'en', 'Netflix login: jo.reyes / Bl4ckC0ffee99'],
  ['secret.password', 'en', 'changed the router admin pw to Qx7!mW2q-9'],
  ['secret.password', 'en', 'the wifi key for the guest network is Guest2024Pass'],
  // One-time codes.
  ['secret.one_time_code', 'en', 'Your Coinbase verification code: 739 204. Do not share it.'],
  ['secret.one_time_code', 'en', 'G-582019 is your Google verification code'],
  ['secret.one_time_code', 'en', 'login OTP for the bank app: 204918'],
  ['secret.one_time_code', 'en', 'the one-time passcode they texted me was 66 20 91'],
  ['secret.one_time_code', 'en', '2FA backup codes: 8392-1047, 5521-9083, 3310-7765'],
  ['secret.one_time_code', 'zh', '验证码 604817，5分钟内有效'],
  ['secret.one_time_code', 'de', 'Ihr Bestätigungscode lautet 551902'],
  ['secret.one_time_code', 'es', 'Tu código de verificación es 318273'],
  ['secret.one_time_code', 'pt', 'Seu código de verificação é 774102'],
  ['secret.one_time_code', 'fr', 'Votre code de vérification : 902118'],
  ['secret.one_time_code', 'ja', '認証コード: 481920'],
  ['secret.one_time_code', 'ko', '인증번호 [739201]을 입력하세요'],
  // Alarm, door, gate, safe and lock codes.
  ['secret.access_code', 'en', 'gate code for the community pool: 1984#'],
  ['secret.access_code', 'en', 'bike lock combination 0427'],
  ['secret.access_code', 'en', 'the safe combination is 24-36-12'],
  ['secret.access_code', 'en', 'key safe at mum’s house: 1066'],
  ['secret.access_code', 'en', 'building door code #5521'],
  ['secret.access_code', 'en', 'garage PIN 8812'],
  ['secret.access_code', 'de', 'Garagentor-Code: 4711'],
  ['secret.access_code', 'es', 'El código de la alarma es 2580'],
  ['secret.access_code', 'pt', 'O código do portão é 1357'],
  ['secret.access_code', 'fr', "Le digicode de l'immeuble est 4B729"],
  ['secret.access_code', 'it', 'Il codice del cancello è 2468'],
  // Passphrases.
  ['secret.passphrase', 'en', 'my GPG passphrase is velvet thunder orbit cactus'],
  ['secret.passphrase', 'en', 'BitLocker passphrase: tiny purple lanterns sing loudly'],
  ['secret.passphrase', 'en', 'The KeePass master passphrase is lemon river quiet falcon 9'],
  ['secret.passphrase', 'de', 'Die Passphrase lautet grüne Wiese blaue Berge'],
  // Seed phrases.
  ['secret.seed_phrase', 'en', `metamask recovery phrase: ${SEED_12}`],
  ['secret.seed_phrase', 'en', `Ledger backup\n${numbered(SEED_24)}`],
  ['secret.seed_phrase', 'en', `seed: ${SEED_12_B.split(' ').join(', ')}`],
  ['secret.seed_phrase', 'en', SEED_24_B],
  ['secret.seed_phrase', 'es', `frase semilla de la billetera: ${SEED_12_B}`],
  // Bot and vendor tokens.
  ['secret.telegram_bot_token', 'en', `TELEGRAM_BOT_TOKEN=${TELEGRAM}`],
  ['secret.telegram_bot_token', 'en', `BotFather gave me ${TELEGRAM_2} for the alerts bot`],
  ['secret.telegram_bot_token', 'en', `curl https://api.telegram.org/bot${TELEGRAM}/getMe`],
  ['secret.vendor_token', 'en', `gitlab token ${GLPAT}`],
  ['secret.vendor_token', 'en', `HF_TOKEN=${HF}`],
  ['secret.vendor_token', 'en', `doctl auth init -t ${DOP}`],
  ['secret.vendor_token', 'en', `Shopify admin API access token ${SHPAT}`],
  ['secret.vendor_token', 'en', `[pypi]\nusername = __token__\npassword = ${PYPI}`],
  ['secret.vendor_token', 'en', `docker hub PAT ${DCKR}`],
  ['secret.vendor_token', 'en', `VAULT_TOKEN=${HVS}`],
  ['secret.vendor_token', 'en', `groq key ${GSK}`],
  ['secret.vendor_token', 'en', `postman api key: ${PMAK}`],
  ['secret.vendor_token', 'en', `google oauth client secret ${GOCSPX}`],
  ['secret.vendor_token', 'en', `mailgun ${MAILGUN}`],
  ['secret.vendor_token', 'en', `age identity: ${AGE}`],
  ['secret.vendor_token', 'en', `New Relic user key ${NRAK}`],
  ['secret.vendor_token', 'en', `supabase access token ${SBP}`],
  ['secret.vendor_token', 'en', `discord bot token ${DISCORD_BOT}`],
  ['secret.vendor_token', 'en', `alerts go to ${DISCORD_HOOK}`],
  ['secret.vendor_token', 'en', `1Password secret key ${ONEPASSWORD}`],
  ['secret.vendor_token', 'en', `tailscale up --authkey ${TAILSCALE}`],
  // Docker registry credentials.
  [
    'secret.docker_auth',
    'en',
    `{"auths": {"https://index.docker.io/v1/": {"auth": "${DOCKER_AUTH}", "email": "ci@acme.io"}}}`,
  ],
  ['secret.docker_auth', 'en', `~/.docker/config.json: {"auths":{"ghcr.io":{"auth":"${DOCKER_AUTH_2}"}}}`],
  ['secret.docker_auth', 'en', 'docker login -u ci-bot -p Sup3rS3cret! registry.gitlab.com'],
  ['secret.docker_auth', 'en', `.dockerconfigjson: ${DOCKER_CONFIG_B64}`],
  // Personal identifiers.
  ['pii.ssn', 'en', 'my SSN is 536-22-8741'],
  ['pii.ssn', 'en', 'Social Security number: 372 14 5579'],
  ['pii.ssn', 'es', 'Número de Seguro Social 445-67-2210'],
  ['pii.ssn', 'en', 'ssn 602413320 for the W-4'],
  ['pii.cpf', 'pt', 'meu CPF é 529.982.247-25'],
  ['pii.cpf', 'pt', 'CPF do titular: 11144477735'],
  ['pii.cpf', 'pt', 'cadastro com cpf 390.533.447-05 aprovado'],
  ['secret.card_number', 'en', 'Mastercard 5555 5555 5555 4444 exp 03/29'],
  ['secret.card_number', 'de', 'Kreditkarte: 4012 8888 8888 1881'],
  ['secret.card_number', 'pt', 'cartão 3714 496353 98431'],
  ['pii.iban', 'de', 'Miete bitte auf IBAN DE89 3704 0044 0532 0130 00'],
  ['pii.iban', 'en', 'my account: GB29 NWBK 6016 1331 9268 19'],
  ['pii.iban', 'fr', 'RIB : FR14 2004 1010 0505 0001 3M02 606'],
  ['pii.iban', 'es', 'transferencia a ES9121000418450200051332'],
  ['pii.iban', 'nl', 'rekening NL91ABNA0417164300'],
  ['pii.passport', 'en', 'passport no. 533380006, issued 2019'],
  ['pii.passport', 'de', 'Reisepassnummer C01X00T47'],
  ['pii.passport', 'es', 'número de pasaporte: PAA123456'],
  ['pii.passport', 'fr', 'numéro de passeport 15AB12345'],
  ['pii.passport', 'zh', '护照号码 E12345678'],
  ['pii.national_id', 'es', 'mi DNI es 12345678Z'],
  ['pii.national_id', 'it', 'codice fiscale RSSMRA85T10A562S'],
  ['pii.national_id', 'nl', 'BSN 111222333'],
  ['pii.national_id', 'pl', 'PESEL 44051401359'],
  ['pii.national_id', 'zh', '身份证号 11010519491231002X'],
  ['pii.national_id', 'en', 'National Insurance number QQ123456C'],
  ['pii.national_id', 'en', "driver's license number D1234-56789-01234"],
  ['pii.national_id', 'fr', 'numéro de sécurité sociale 1 85 05 78 006 084 91'],
  ['pii.contact_record', 'pt', 'Ana Souza: ana.souza@example.org, +55 11 91234-5678'],
  ['pii.contact_record', 'en', 'Plumber: mike@plumbfast.example / (415) 555-0182'],
  ['pii.contact_record', 'zh', '联系人 chen.wei@example.cn 电话 138 0013 8000'],
  ['pii.contact_record', 'de', 'Kontakt: lena.k@beispiel.example, Tel. +49 170 1234567'],
  ['pii.contact_record', 'fr', 'joindre Pierre à pierre@exemple.example ou au 06 12 34 56 78'],
];

const BENIGN: [string, string][] = [
  // German.
  ['de', 'Das Kennwort ist zu kurz, mindestens 12 Zeichen.'],
  ['de', 'Mein Passwort ist nicht mehr gültig.'],
  ['de', 'Die PIN wurde nach drei Versuchen gesperrt.'],
  ['de', 'Passwort vergessen? Der Link kommt per Mail.'],
  ['de', 'Der Code für die Haustür ändert sich jeden Monat.'],
  ['de', 'Das WLAN-Passwort steht auf der Rückseite des Routers.'],
  ['de', 'Bestellnummer 302-4471-9925 ist unterwegs.'],
  ['de', 'PLZ 10115 Berlin, Termin am 12.05.2025 um 14:30.'],
  ['de', 'Sie erreicht man am besten per Mail.'],
  // Spanish.
  ['es', 'La contraseña es muy débil, hay que cambiarla.'],
  ['es', 'La clave está en el cajón de la cocina.'],
  ['es', 'La clave del éxito es la constancia.'],
  ['es', 'Olvidé mi contraseña otra vez.'],
  ['es', 'El código de verificación nunca llegó.'],
  ['es', 'Código postal 28013, Madrid.'],
  ['es', 'El pedido 4417-2290 llega el martes.'],
  // Portuguese.
  ['pt', 'A senha expirou ontem.'],
  ['pt', 'Esqueci a senha do banco de novo.'],
  ['pt', 'O código chega por SMS em alguns segundos.'],
  ['pt', 'CEP 01310-100, São Paulo.'],
  ['pt', 'O CPF do titular é obrigatório no cadastro.'],
  ['pt', 'Ligue para a farmácia amanhã de manhã.'],
  // French.
  ['fr', 'Le mot de passe est trop court.'],
  ['fr', "J'ai oublié mon mot de passe."],
  ['fr', 'Le code de la porte a changé la semaine dernière.'],
  ['fr', 'Le colis 6A12345678901 arrive jeudi.'],
  ['fr', 'Rendez-vous le 03/04/2025 à 9h30, salle 204.'],
  // Chinese, Japanese, Korean.
  ['zh', '密码过期了，需要重新设置。'],
  ['zh', '我忘记密码了。'],
  ['zh', '验证码一直收不到。'],
  ['zh', '密码是什么来着？'],
  ['zh', '订单号 202405121234 已发货。'],
  ['ja', 'パスワードを忘れました。'],
  ['ja', '暗証番号は誕生日にしないでください。'],
  ['ko', '비밀번호를 잊어버렸어요.'],
  // Other languages.
  ['it', 'La password è scaduta, devo cambiarla.'],
  ['it', 'Ho dimenticato la password.'],
  ['nl', 'Het wachtwoord is verlopen.'],
  ['ru', 'Пароль устарел, нужно сменить.'],
  ['pl', 'Hasło wygasło wczoraj.'],
  // English look-alikes.
  ['en', 'My verification code never arrived.'],
  ['en', 'The OTP expires after 5 minutes.'],
  ['en', '2FA is enabled on all accounts.'],
  ['en', 'The alarm code is written in the manual.'],
  ['en', 'Door code changes each Monday.'],
  ['en', 'My PIN expired.'],
  ['en', 'Call me at work.'],
  ['en', 'The bus leaves at 14:35 from stop 4521.'],
  ['en', 'Order #4521-8812 shipped today.'],
  ['en', 'Zip code 94107, area code 415.'],
  ['en', 'Promo code SAVE20 gives 20% off.'],
  ['en', 'Error code 0x80070005 means access denied.'],
  ['en', 'HTTP status code 503 means the service is unavailable.'],
  ['en', 'Room 1204, version 12.4.1.'],
  ['en', 'ISBN 978-3-16-148410-0 is the Kafka edition.'],
  ['en', 'Price: 1,299.00 USD on 2024-05-12 at 10:30.'],
  ['en', 'Flight LH 441 departs at 18:05.'],
  ['en', 'Tracking number 9400 1000 0000 0000 0000 00 for the return.'],
  ['en', 'Contact me via email rather than phone.'],
  ['en', 'jo@example.com is her work address.'],
  ['en', 'Her phone is +44 20 7946 0958.'],
  ['en', 'The office line is +1 415 555 0100.'],
  ['en', 'The seed round closed at 12M.'],
  [
    'en',
    'Grocery list: apple, banana, bread, butter, cheese, coffee, cream, egg, garlic, honey, lemon, milk, onion.',
  ],
  ['en', 'Telegram group id is -1001234567890.'],
  ['en', 'Docker image node:20-alpine is the base.'],
  ['en', 'docker login to ghcr.io uses a PAT from the vault.'],
  ['en', '{"auths": {"ghcr.io": {}}, "credsStore": "osxkeychain"}'],
  ['en', 'SSN format is three digits, two digits, four digits.'],
  ['en', 'Social security office appointment on 3/14 at 9:00.'],
  ['en', 'Passport photos cost 12 euros.'],
  ['en', 'IBAN and BIC are on the invoice.'],
  ['en', 'Sort code 40-47-84, account 31926819 for the rent.'],
  ['en', 'Verification code length: 6 digits.'],
  ['en', 'Invoice 2024-0042 is paid.'],
  ['en', 'PO Box 4521, Springfield.'],
  ['en', 'My PIN is the same as my old one.'],
  ['en', 'The password is on a sticky note under the keyboard.'],
  ['en', 'The passphrase should be at least five random words.'],
  ['en', 'Write the recovery phrase on paper and keep it in the safe.'],
  ['en', 'Bot token rotation is scheduled for Friday.'],
  ['en', 'The GitLab project id is 48213977.'],
  ['en', 'Hugging Face model id is sentence-transformers/all-MiniLM-L6-v2.'],
  ['en', 'The Stripe price id is price_1PqLmVx9Tn and the product prod_Q2k8Lm4Vx9.'],
];

/** The new held-out secret and identifier cases. */
export function heldOutNewSecrets(): SecretCase[] {
  return SECRETS.map(([expected, language, text], i) => ({
    id: `held2:${expected}#${i}`,
    origin: 'held-out-new',
    expected,
    language,
    text,
  }));
}

/** The new held-out benign memories. */
export function heldOutNewBenign(): BenignCase[] {
  return BENIGN.map(([language, text], i) => ({
    id: `held2:${language}#${i}`,
    origin: 'held-out-new',
    category: 'held_out_new',
    language,
    text,
  }));
}
