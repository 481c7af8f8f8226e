// Detects one-time codes: verification, login and 2FA codes, TANs, backup and recovery codes, in the words
// services use in their SMS and e-mails ("Your verification code is 482913", "G-582019 is your Google
// verification code", "验证码 604817", "Ihr Bestätigungscode lautet 551902"). Talk about codes ("the OTP
// expires after 5 minutes", "the code never arrived") carries no digits in the value position and passes.
import {
  NAMED_CODE_KINDS,
  PUBLIC_CODE_KINDS,
  phrasePattern,
  RELATIVE_CLAUSE,
  UNAMBIGUOUS_VALUE_VERBS,
  UNITS,
  VALUE_VERBS,
} from '../lexicon.ts';
import { startsLabel } from './match.ts';
import type { SecretFinding } from './types.ts';

const CODE_LABELS = [
  // English.
  ...['verification code', 'verify code', 'security code', 'one-time code', 'one time code', 'one-time pin'],
  ...['one-time passcode', 'one time passcode', 'one-time password', 'one time password', 'otp', 'totp'],
  ...['otp code', '2fa code', '2-fa code', '2fa', 'two-factor code', 'two factor code', '2-factor code'],
  ...[
    'mfa code',
    'auth code',
    'authentication code',
    'authenticator code',
    'authorization code',
    'login code',
  ],
  ...['log-in code', 'log in code', 'sign-in code', 'sign in code', 'signin code', 'sms code', 'text code'],
  ...['magic code', 'reset code', 'confirmation pin', 'activation code', 'pairing code'],
  // German.
  ...['bestätigungscode', 'verifizierungscode', 'verifikationscode', 'sicherheitscode', 'einmalcode'],
  ...['einmalpasswort', 'einmal-passwort', 'einmalkennwort', 'anmeldecode', 'tan', 'mtan', 'sms-tan'],
  ...['sms-code', 'authentifizierungscode', 'freischaltcode', 'aktivierungscode', 'prüfcode'],
  // Spanish, Portuguese.
  ...['código de verificación', 'código de seguridad', 'código de un solo uso', 'código otp', 'código sms'],
  ...['código de confirmación', 'código de autenticación', 'código de activación', 'clave dinámica'],
  ...['clave de un solo uso', 'código de verificação', 'código de segurança', 'código de confirmação'],
  ...['código de autenticação', 'código de ativação', 'código de acesso único'],
  // French, Italian, Dutch.
  ...['code de vérification', 'code de sécurité', 'code à usage unique', 'code de confirmation', 'code sms'],
  ...[
    'code otp',
    "code d'authentification",
    "code d'activation",
    'codice di verifica',
    'codice di sicurezza',
  ],
  ...['codice otp', 'codice sms', 'codice di conferma', 'codice di accesso', 'verificatiecode'],
  ...['beveiligingscode', 'eenmalige code', 'bevestigingscode', 'sms-code'],
  // Polish, Russian, Turkish, Scandinavian.
  ...['kod weryfikacyjny', 'kod sms', 'kod jednorazowy', 'kod potwierdzający', 'kod potwierdzenia'],
  ...['код подтверждения', 'код проверки', 'одноразовый код', 'код из смс', 'код из sms', 'doğrulama kodu'],
  // Serbo-Croatian, Romanian, Catalan, Icelandic and the scripts of India and Pakistan (transliterated "OTP" and
  // "verification code" as people write them).
  ...['kod za prijavu', 'kod za potvrdu', 'kod za verifikaciju', 'verifikacioni kod', 'potvrdni kod'],
  ...['код за пријаву', 'код за потврду', 'cod de verificare', 'codul de verificare', 'codul de confirmare'],
  ...['codi de verificació', 'codi de confirmació', 'staðfestingarkóði', 'staðfestingarkóðinn', 'ओटीपी'],
  ...['वेरिफिकेशन कोड', 'सत्यापन कोड', 'ওটিপি', 'ভেরিফিকেশন কোড', 'যাচাইকরণ কোড', 'ఓటీపీ', 'ఓటిపి'],
  ...['వెరిఫికేషన్ కోడ్', 'ஓடிபி', 'சரிபார்ப்பு குறியீடு', 'ಒಟಿಪಿ', 'ഒടിപി', 'ઓટીપી', 'ਓਟੀਪੀ'],
  ...['تصدیقی کوڈ', 'او ٹی پی', 'msimbo wa kuthibitisha', 'msimbo wako wa kuthibitisha'],
  // Ukrainian; Malaysia's bank TAC (transaction authorisation code).
  ...['код підтвердження', 'одноразовий код', 'код з смс', 'код із смс', 'kod tac', 'tac', 'no tac'],
  // Poland's BLIK payment codes are one-time codes by design (six digits, valid two minutes).
  ...['kod blik', 'blik', 'kode otp', 'kode verifikasi', 'mã otp', 'mã xác thực', 'mã xác nhận'],
  // Arabic, Hebrew, Thai.
  ...[
    'رمز التحقق',
    'رمز التفعيل',
    'رمز التأكيد',
    'كود التحقق',
    'קוד אימות',
    'קוד האימות',
    'รหัส otp',
    'รหัสยืนยัน',
  ],
  ...['onay kodu', 'tek kullanımlık kod', 'güvenlik kodu', 'verifieringskod', 'engångskod', 'säkerhetskod'],
  // Turkish possessives: "your code" as a bank's SMS says it ("Doğrulama kodunuz: 758302").
  ...['doğrulama kodunuz', 'doğrulama kodun', 'onay kodunuz', 'güvenlik kodunuz', 'tek kullanımlık kodunuz'],
  ...['giriş kodunuz', 'sms kodunuz', 'dogrulama kodunuz', 'dogrulama kodu'],
  ...['bekræftelseskode', 'engangskode', 'sikkerhetskode', 'vahvistuskoodi'],
  // Czech, Slovak, Hungarian, Greek (the accusative too: "κράτα μου τον κωδικό επαλήθευσης").
  ...['ověřovací kód', 'autorizační kód', 'potvrzovací kód', 'jednorázový kód', 'overovací kód'],
  ...['autorizačný kód', 'ellenőrző kód', 'ellenőrző kódot', 'ellenőrző kódja', 'megerősítő kód'],
  ...['egyszer használatos kód', 'κωδικός επαλήθευσης', 'κωδικό επαλήθευσης', 'κωδικός μιας χρήσης'],
  ...['κωδικό μιας χρήσης', 'κωδικός otp', 'κωδικό otp'],
  // Persian, Hausa, Burmese and Khmer ("OTP code" as written in each).
  ...['کد تایید', 'کد تأیید', 'کد یکبار مصرف', 'رمز یکبار مصرف', 'lambar tabbatarwa', 'otp ကုဒ်', 'លេខកូដ otp'],
  // Kazakh, Kyrgyz, Tajik (the banks' SMS: "Растау коды", "тастыктоо кодуңуз", "Рамзи тасдиқ"), Croatian and Serbian.
  ...['растау коды', 'растау кодын', 'тастыктоо коду', 'тастыктоо кодуңуз', 'рамзи тасдиқ', 'рамзи тасдиқи'],
  ...['jednokratna lozinka', 'jednokratnu lozinku', 'jednokratni kod', 'једнократна лозинка'],
];
const BACKUP_LABELS = [
  ...['backup code', 'backup codes', 'recovery code', 'recovery codes', 'recovery key', '2fa backup codes'],
  ...['wiederherstellungscode', 'wiederherstellungscodes', 'backup-code', 'backup-codes', 'notfallcode'],
  ...['código de respaldo', 'códigos de respaldo', 'código de recuperación', 'códigos de recuperação'],
  ...['code de secours', 'codes de secours', 'code de récupération', 'codice di backup', 'herstelcode'],
];
const CJK_LABELS = [
  ...[
    '验证码',
    '驗證碼',
    '校验码',
    '校驗碼',
    '动态码',
    '動態碼',
    '动态密码',
    '認証コード',
    '認証番号',
    '确认码',
  ],
  ...[
    '確認コード',
    '確認番号',
    'ワンタイムパスワード',
    'セキュリティコード',
    '인증번호',
    '인증 번호',
    '인증코드',
  ],
  ...['인증 코드', '확인 코드', '보안 코드', '恢复码', '备用码', 'バックアップコード', '복구 코드'],
];

const VERBS = VALUE_VERBS;
// "for the bank app", "from Tokopedia", "от Госуслуг", "từ ngân hàng", "za prijavu": who sent the code or what it is
// for.
const FROM_WORDS = phrasePattern(
  [
    'for',
    'from',
    'für',
    'von',
    'aus',
    'de',
    'du',
    'para',
    'pour',
    'per',
    'do',
    'da',
    'от',
    'для',
    'del',
    'з',
    'від',
  ].concat(['dari', 'untuk', 'من', 'از', 'từ', 'của', 'z', 'ze', 'dla', 'za', 'за']),
);
// "the code came": arrival words between a label and its code ("doğrulama kodu geldi 6 1 8 2 4 0", "kod TAC dh
// sampai 402958", "認証コード届いた！ 735902", "код ... прийшов — 47 29 15"), with an adverb of time before some.
const ARRIVALS = phrasePattern([
  ...['came', 'came in', 'just came', 'arrived', 'just arrived', 'is here', 'geldi', 'sampai', 'dh sampai'],
  ...['dah sampai', 'sudah sampai', 'udah sampai', 'masuk', 'udah masuk', 'dah masuk', 'sudah masuk'],
  ...['прийшов', 'прийшла', 'пришёл', 'пришел', 'пришла', 'llegó', 'me llegó', 'chegou', 'arrivato'],
  ...['è arrivato', 'est arrivé', 'arrivé', 'ist da', 'kam', 'ist angekommen', 'đã về', 'về rồi', 'tới rồi'],
  ...['imefika', 'dumating', 'dumating na', 'وصل', 'وصلني', 'وصلت', 'رسید', 'اومد', 'przyszedł', 'przyszło'],
  ...['届いた', '届きました', '来た', '来ました', '收到了', '收到', '到了', '来了', '왔어', '왔어요', '왔다'],
  ...['آیا ہے', 'آیا', 'آ گیا', 'आया', 'आया है', 'आ गया', 'stigao', 'stigla', 'stiglo', 'přišel', 'prišiel'],
  ...['jött', 'tuli', 'kom', 'kom nettopp', 'kom lige', 'a venit', 'arribat', 'ha arribat', 'వచ్చింది'],
]);
const LABEL = new RegExp(`(?:${phrasePattern([...CODE_LABELS, ...BACKUP_LABELS])})(?![\\p{L}\\p{N}])`, 'giu');
const CJK_LABEL = new RegExp(phrasePattern(CJK_LABELS), 'gu');
// Between a label and its code: a closing bracket first ("lambar tabbatarwa (OTP) da banki ya turo min yanzu:
// ..."), then one of: up to fourteen words before a colon, commas allowed, no digits, brackets or sentence end (first,
// so that a shorter reading does not stop inside it: "dari GoBiz masuk ke HP kasir: ...", "یہ OTP نوٹ کر لو، ابھی بینک
// کی ایپ میں ڈالنا ہے: ...", "ellenőrző kódot, amit az Ügyfélkapu küldött SMS-ben: ..."; Khmer's ៖ and Ethiopic's ፦
// are colons; no brackets: not past the code to a "(Ref:" after it); "from <service>" and up to three words ("for
// the bank app", "dari Tokopedia", "za prijavu"); up to six words before an arrow or a copula ("mã OTP ngân hàng vừa
// gửi là ...", "인증번호 왔어요 → ..."); CJK text glued before a colon ("認証コードが届きました："); a short relative clause
// before its verb ("the passcode they texted me was"). Then colons, arrows and dashes, copulas in the covered
// languages, brackets, markdown emphasis ("**738 204**"). The code itself must be four to eight digits (or a backup
// code), so prose about codes stays out.
const SEPARATOR = new RegExp(
  `^(?:\\s*[(（][^()（）\\n\\d]{1,40}[)）])?[)）\\],，،]?(?:(?:\\s+[^\\s\\d:：៖፦=.!?;()।。！？]+){1,14}(?=\\s*[:：៖፦])|\\s+(?:${FROM_WORDS})(?:\\s+(?![\\d—–→-])[^\\s:：=]+){1,3}|(?:\\s+[^\\s\\d:：=.!?,;()]+){1,6}(?=\\s*(?:→|->|=>)|\\s+(?:${UNAMBIGUOUS_VALUE_VERBS})(?![\\p{L}]))|[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}]{1,10}(?=\\s*[:：៖፦])|${RELATIVE_CLAUSE}(?=\\s+(?:${UNAMBIGUOUS_VALUE_VERBS})(?![\\p{L}])))?(?:\\s*(?:[:：៖፦=]|→|->|=>|—|–)|\\s+(?:${VERBS})(?![\\p{L}])|\\s*(?:是|为|為|は|는|은|을|를)|\\s+[^\\s:：=]{0,12}?(?:คือ|เป็น)|\\s*(?:${ARRIVALS})(?![\\p{L}])[!！。.…]*|\\s*(?:번호|番号|号码|號碼)){0,2}\\s*[\\[(（【「"'«]?(?:\\*\\*|__|\\*|_|\\x60)?\\s*(?=(?:[A-Z]{1,2}-)?[A-Za-z0-9])`,
  'iu',
);
// Four to eight digits, possibly grouped ("739 204", "66 20 91", "482-913"), or a service prefix ("G-582019").
const NUMERIC_CODE = /^(?:[A-Z]{1,2}-)?\d(?:[ -]?\d){3,7}(?![\d.,:/]\d)(?!\d)/;
// Backup codes: letter and digit groups ("8392-1047", "7f3k-92jd-m2p1", "a1b2c3d4e5").
const BACKUP_CODE = /^[A-Za-z0-9]{4,10}(?:[ -][A-Za-z0-9]{3,8}){0,3}(?![A-Za-z0-9])/;
// The code comes first in the SMS form: "482913 is your verification code", "G-582019 is your Google code".
const CODE_FIRST =
  /(?<![\w-])((?:[A-Z]{1,2}-)?\d{4,8})\s+is\s+your\s+(?:[\p{L}\d.&'-]+\s+){0,3}?(?:code|otp|pin|passcode|password)\b/giu;
// The code named after it by one of the labels above, in a user's words ("G-739204 is my Google verification code",
// "604 118 as the two-factor code", "save 482913 as the login code"): the label says it is a one-time code (not a
// zip or promo code, which are no label), so "my" and "the" count as the SMS's "your" does; no second determiner
// between ("2024 is the year the verification code rules changed").
const CODE_NAMED_AFTER = new RegExp(
  `(?<![\\w-])((?:[A-Z]{1,2}-)?\\d(?:[ -]?\\d){3,7})\\s+(?:is|as)\\s+(?:my|the|our|your|a)\\s+(?:(?!(?:the|a|an|my|our|your|that|this)\\s)[\\p{L}\\d.&'-]+\\s+){0,2}?(?:${phrasePattern(CODE_LABELS)})(?![\\p{L}])`,
  'giu',
);
// The same in other languages: "731964 आपका OTP है", "482913 es tu código", "482913 é o seu código", "482913 est votre
// code", "482913 ist Ihr Bestätigungscode", "482913 è il tuo codice", "482913 adalah kode OTP".
const CODE_FIRST_FOREIGN =
  /(?<![\w-])(\d{4,8})\s+(?:(?:आपका|तुम्हारा|आपकी)\s+(?:[\p{L}\p{M}]+\s+){0,2}?(?:otp|ओटीपी|कोड|code)|es\s+(?:tu|su)\s+(?:código|codigo|clave)|é\s+(?:o\s+)?(?:seu|teu)\s+(?:código|codigo)|est\s+(?:votre|ton)\s+code|ist\s+(?:ihr|dein)\s+(?:[\p{L}-]+\s+)?[\p{L}-]*code|è\s+il\s+(?:tuo|suo)\s+codice|adalah\s+kode)(?![\p{L}\p{M}])/giu;
// A code asked for in one line of a chat and given in the next ("Me: what's the code the bank just texted you?\nKevin:
// 0 4 8 8 1 6"): the question names a one-time code (a code that was texted, sent or received, an OTP), the reply
// line is a speaker and the digits alone.
const ASKED_THEN_GIVEN =
  /(?:\b(?:otp|one-time code|verification code)\b|\bcode\b[^\n?]{0,40}\b(?:texted|sent|received|got|messaged)\b)[^\n?]{0,60}\?[ \t]*\n[^\n:]{1,24}:[ \t]*((?:[A-Z]{1,2}-)?\d(?:[ -]?\d){3,7})[ \t]*(?:\n|$)/giu;
// "Your code is 482913", "your Uber code: 4821", "use 482913 to sign in", and a service's code of capitals and
// digits ("Your Steam Guard code is: 7KQ2M"): five to eight of them, a digit and a capital among them.
// Case matters for the capitals, so the words are spelled in both cases.
const YOUR_CODE =
  /\b(?:[Yy]our|YOUR)\s+(?:[\p{L}\d.&'-]+\s+){0,3}?(?:[Cc]ode|CODE)\s*(?:(?:[Ii]s|IS)\s*:?|:)\s*((?:[A-Z]{1,2}-)?\d(?:[ -]?\d){3,7}(?!\d)|(?=[A-Z]*\d)(?=\d*[A-Z])[A-Z\d]{5,8}(?![\p{L}\d]))/gu;
// An authenticator app's list as copied or read from a screenshot ("[screenshot - Authenticator]\nAWS root\n739 104"):
// in a text that names an authenticator app, a line that is only a six-digit code (three and three, or six).
const AUTHENTICATOR_APP =
  /\b(?:authenticator|authy|2fa app|totp app|google auth|microsoft auth|duo mobile|2fas|aegis|freeotp)\b/i;
const CODE_LINE = /^[ \t]*(\d{3} ?\d{3})[ \t]*$/gm;

// Steam Guard's codes are five capitals and digits, whoever's words name them ("the steam guard code is F7K2X",
// "Steam Guard: 7KQ2M").
const STEAM_GUARD =
  /\bsteam\s*guard(?:\s+(?:mobile\s+)?(?:code|authenticator\s+code))?\s*(?:is|was|:|=|->|→)?\s*:?\s*((?=[A-Z]*\d)(?=\d*[A-Z])[A-Z\d]{5})(?![\p{L}\d])/giu;
// A code someone sent: "the code they texted me is 739 204", "the code Chase just sent is 4821". Not a postal,
// promo, error or area code, whatever sent it.
const SENT_CODE = new RegExp(
  `(?<!\\b(?:${phrasePattern(PUBLIC_CODE_KINDS)})\\s)\\bcode\\s+(?:(?:that|which)\\s+)?(?:[\\p{L}'’]+\\s+){0,4}?(?:texted|sent|messaged|sms(?:ed|'d)?|emailed|gave)(?:\\s+(?:me|us|you|him|her|them))?\\s*(?:is|was|:),?\\s*((?:[A-Z]{1,2}-)?\\d(?:[ -]?\\d){3,7})(?![\\d.,:/]\\d)(?!\\d)`,
  'giu',
);
// A code named by who sent it, then the code: "the code from Chase: 4821", "код з банку... 918083", "Seu código do
// WhatsApp: 291-339". After "do"/"da"/"del" (also "of"), only a brand (a capital) or a bank counts as the sender.
// The bare code words a sender's name may go with (a label alone names no one-time code: "the code is on the box").
const SENT_CODE_WORD =
  '(?<![\\p{L}])(?:code|código|codigo|codice|codul|codi|код|kod|kode|koden|koodi|kód|mã)';
const SENDER_CODE = new RegExp(
  `${SENT_CODE_WORD}\\s+(?:(?:from|von|vom|з|із|від|от|из|od|z|dari|từ|de la|fra|från)\\s+(?:the\\s+)?[\\p{L}\\d&.'’-]+|(?:do|da|de|dal|della|del)\\s+(?:\\p{Lu}[\\p{L}\\d&.'’-]*|banco|bank))(?:(?:\\s+[\\p{L}\\p{M}&'’-]+){1,6}?(?=\\s*[:：])|\\s+[\\p{L}&'’-]+)?\\s*(?:[:：,—–-]|\\.{2,}|…)?\\s*((?:[A-Z]{1,2}-)?\\d(?:[ -]?\\d){3,7})(?![\\d.,:/]\\d)(?!\\d)`,
  'giu',
);
// A sender that names another kind of code ("the code from the booking: ...", "código do Pedido: ...").
const OTHER_KIND = new RegExp(
  `(?<![\\p{L}])(?:${phrasePattern([...PUBLIC_CODE_KINDS, ...NAMED_CODE_KINDS])})(?![\\p{L}])`,
  'iu',
);
// "they texted a code to my phone: 4419260", "the bank sent me the code: 551208".
const SENT_A_CODE =
  /\b(?:texted|sent|messaged|emailed|sms(?:ed|'d)?)\s+(?:(?:me|us)\s+)?(?:a|the|this|another|my)\s+(?:new\s+)?(?:code|otp|pin)\b[^.\n:：]{0,30}[:：]\s*((?:[A-Z]{1,2}-)?\d(?:[ -]?\d){3,7})(?![\d.,:/]\d)(?!\d)/giu;
// A code and then who sent it: "код 720446 от Госуслуг", "the code 458491 from HMRC". A capital names the sender.
const CODE_THEN_SENDER = new RegExp(
  `${SENT_CODE_WORD}\\s+((?:[A-Z]{1,2}-)?\\d(?:[ -]?\\d){3,7})\\s+(?:from|от|від|de|da|do|dal|von|dari|từ|z|od)\\s+(?:the\\s+)?\\p{Lu}`,
  'gu',
);
// "the gov gateway thing just texted me 458491 for the self assessment login": a code texted, then what it opens.
const TEXTED_ME =
  /\b(?:texted|sent|messaged|smsed)\s+(?:me|us)\s+((?:[A-Z]{1,2}-)?\d{4,8})\b(?=[^.\n]{0,60}\b(?:log\s*-?in|sign\s*-?in|verif\w*|code|otp|2fa|expires?)\b)/giu;
// A code and how long it lasts, as the SMS said it ("ok it came!! 4 8 2 9 1 7 hurry it says valid 2 min", "482913
// expires in 5 minutes"): one-time codes last minutes; tickets and vouchers last hours or days.
const CODE_THEN_VALIDITY =
  /(?<![\p{L}\p{N}.,:/#-])(\d(?: ?\d){3,7})(?![\d.,:/]\d)(?!\d)[^\n\d]{0,30}?(?<![\p{L}])(?:valid|expires?|expira|válido|valido|gültig|geçerli|berlaku|действителен|діє|hiệu lực|有効)(?![\p{L}])[^\n\d]{0,12}?(?<!\d)(?:[1-9]|[12]\d|30)\s*(?:mins?|minutes?|minutos?|minuten|minuti|dk|dakika|menit|минут\p{L}*|хвилин\p{L}*|phút|分)(?![\p{L}])/giu;
const USE_TO =
  /\b(?:use|enter)\s+((?:[A-Z]{1,2}-)?\d{4,8})\s+(?:to|as)\s+(?:log\s*in|sign\s*in|verify|confirm|authenticate|complete)/giu;

function digitCount(value: string): number {
  return value.replace(/\D/g, '').length;
}

function codeAfter(text: string, labelEnd: number, backup: boolean): SecretFinding | null {
  const tail = text.slice(labelEnd, labelEnd + 120);
  const separator = SEPARATOR.exec(tail);
  if (!separator) return null;
  const rest = tail.slice(separator[0].length);
  const numeric = NUMERIC_CODE.exec(rest)?.[0];
  let value = numeric;
  if (backup) {
    const code = BACKUP_CODE.exec(rest)?.[0];
    if (code !== undefined && digitCount(code) >= 3 && code.replace(/[ -]/g, '').length >= 8) value = code;
  }
  if (value === undefined || digitCount(value) < 4) return null;
  if (UNITS.test(rest.slice(value.length))) return null;
  const start = labelEnd + separator[0].length;
  return { code: 'secret.one_time_code', start, end: start + value.length };
}

// "your booking code is 48213377" names a booking, not a login.
const NAMED_CODE = new RegExp(
  `(?:^|[^\\p{L}])(?:${phrasePattern([...PUBLIC_CODE_KINDS, ...NAMED_CODE_KINDS])})[\\s-]+code\\b`,
  'iu',
);

function spansOf(text: string, pattern: RegExp): SecretFinding[] {
  return Array.from(text.matchAll(pattern))
    .filter((m) => !NAMED_CODE.test(m[0]))
    .map((m) => {
      const value = m[1] ?? '';
      const start = m.index + m[0].indexOf(value);
      return { code: 'secret.one_time_code' as const, start, end: start + value.length };
    });
}

// A card payment's receipt ("VISA ************4821 ... AUTH CODE: 08316B APPROVED"): its authorisation code is the
// bank's approval of that payment, printed for the record, not a code that logs anyone in.
const CARD_RECEIPT = /[*Xx•]{4,}[ -]?\d{4}(?!\d)|\bAPPROVED\b/;
const APPROVAL_LABELS = /^(?:auth|authori[sz]ation|approval) code$/i;

/** One-time codes, 2FA and recovery codes given after a label or in a service's message form. */
export function detectOneTimeCodes(text: string): SecretFinding[] {
  const findings: SecretFinding[] = [];
  const receipt = CARD_RECEIPT.test(text);
  for (const label of text.matchAll(LABEL)) {
    if (!startsLabel(text, label.index)) continue;
    if (receipt && APPROVAL_LABELS.test(label[0])) continue;
    const backup = BACKUP_LABELS.includes(label[0].toLowerCase());
    const finding = codeAfter(text, label.index + label[0].length, backup);
    if (finding) findings.push(finding);
  }
  for (const label of text.matchAll(CJK_LABEL)) {
    const finding = codeAfter(
      text,
      label.index + label[0].length,
      /恢复|备用|バックアップ|복구/.test(label[0]),
    );
    if (finding) findings.push(finding);
  }
  findings.push(
    ...spansOf(text, CODE_FIRST),
    ...spansOf(text, CODE_FIRST_FOREIGN),
    ...spansOf(text, CODE_NAMED_AFTER),
    ...spansOf(text, STEAM_GUARD),
    ...(AUTHENTICATOR_APP.test(text) ? spansOf(text, CODE_LINE) : []),
    ...spansOf(text, YOUR_CODE),
    ...spansOf(text, ASKED_THEN_GIVEN),
    ...spansOf(text, USE_TO),
    ...spansOf(text, CODE_THEN_VALIDITY),
    ...spansOf(text, SENT_CODE),
    ...spansOf(text, SENT_A_CODE),
    // "código 48213 de Reserva" names a booking, not its sender.
    ...spansOf(text, CODE_THEN_SENDER).filter((f) => !OTHER_KIND.test(text.slice(f.end, f.end + 40))),
    ...spansOf(text, TEXTED_ME),
    ...spansOf(text, SENDER_CODE).filter(
      (f) => !OTHER_KIND.test(text.slice(Math.max(0, f.start - 40), f.start)),
    ),
  );
  // A label and a message form often find the same code ("your verification code is ..."): report it once.
  return findings.filter((f, i) => !findings.slice(0, i).some((g) => g.start < f.end && f.start < g.end));
}
