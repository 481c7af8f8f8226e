// Detects password, passphrase, passcode and PIN values given after a label, in English and two dozen other
// languages ("my password is hunter2", "DB_PASSWORD=...", "das Passwort lautet ...", "密码：...", "パスワードは
// ... です"), or named after their value ("hunter2 is my password"), while prose about a password ("I reset my
// password", "Das Passwort ist abgelaufen") stays allowed.
import {
  ENGLISH_COPULAS,
  FOREIGN_PARTICIPLE,
  GIVING_VERBS,
  isEnglishLookalike,
  PHRASE_FINAL_COPULAS,
  POSTPOSED_POSSESSIVES,
  PREPOSITIONS,
  PROSE_WORDS,
  phrasePattern,
  RELATIVE_CLAUSE,
  UNAMBIGUOUS_VALUE_VERBS,
  UNITS,
  VALUE_VERBS,
} from '../lexicon.ts';
import { headerIs, tableCells } from '../table-cells.ts';
import { startsLabel } from './match.ts';
import { isPlaceholder } from './placeholders.ts';
import type { SecretFinding } from './types.ts';

// With the misspellings people type in a hurry ("pasword", "passwrd").
const ENGLISH_LABELS = [
  ...['password', 'passwd', 'passcode', 'pass word', 'pass-word', 'pwd', 'pw', 'pass'],
  ...['pasword', 'passwrd', 'paswd', 'passowrd', 'pssword', 'passward'],
  // The environment variables database clients read a password from ("PGPASSWORD='...' psql -h ...").
  ...['pgpassword', 'mysql_pwd'],
];
const WIFI_LABELS = ['wifi key', 'wi-fi key', 'wlan key', 'wpa key', 'wpa2 key', 'network key', 'wifi code'];
const FOREIGN_LABELS = [
  ...['passwort', 'kennwort', 'wlan-schlüssel', 'wlan schlüssel', 'netzwerkschlüssel'],
  ...['mot de passe', 'mdp', 'clé wifi', 'clé wi-fi', 'clé wpa', 'code wifi', 'code wi-fi'],
  // A router's sticker names its Wi-Fi key "security key" (Livebox, Fritz!Box, Vodafone...).
  ...['clé de sécurité', 'clave de seguridad', 'chave de segurança', 'chiave di sicurezza'],
  ...['contraseña', 'clave', 'senha', 'palavra-passe', 'palavra passe', 'chave'],
  ...['wachtwoord', 'lösenord', 'lösenordet', 'adgangskode', 'adgangskoden', 'kodeord', 'kodeordet'],
  ...['passord', 'passordet', 'salasana', 'salasanani', 'salasanan', 'parola', 'parolă'],
  ...['hasło', 'hasła', 'hasłem', 'heslo', 'hesla', 'geslo', 'lozinka', 'lozinku'],
  ...['şifre', 'şifrem', 'şifresi', 'şifreniz', 'şifresinin', 'sifre', 'sifrem', 'sifresi', 'sifresinin'],
  ...['jelszó', 'jelszavam', 'jelszava', 'jelszót', 'пароль', 'пароля', 'паролем', 'κωδικός', 'κωδικό'],
  ...['κωδικός πρόσβασης', 'mật khẩu', 'kata sandi', 'kata laluan', 'sandi'],
  // Vietnamese chat's "mk" (mật khẩu); Persian and Arabic "رمز" alone ("رمز وای‌فای ...: ...").
  ...['mk', 'رمز', 'كلمة مرور', 'كلمه مرور', 'የይለፍ ቃል'],
  // Icelandic, Latvian, Lithuanian, Galician, Catalan, Basque, Irish, Serbian, Bulgarian (with their definite forms).
  ...[
    'lykilorð',
    'lykilorðið',
    'lykilorðinu',
    'parole',
    'paroli',
    'slaptažodis',
    'slaptažodį',
    'slaptažodžio',
  ],
  ...['contrasinal', 'contrasenya', 'pasahitza', 'pasahitz', 'focal faire', 'лозинка', 'лозинку', 'парола'],
  ...['паролата', 'šifra', 'lozinka za'],
  // Punjabi, Bengali, Malayalam, Tamil, Telugu, Kannada, Gujarati, Sinhala.
  ...['ਪਾਸਵਰਡ', 'পাসওয়ার্ড', 'പാസ്‌വേഡ്', 'പാസ്വേഡ്', 'பாஸ்வேர்ட்', 'கடவுச்சொல்', 'పాస్‌వర్డ్', 'పాస్వర్డ్'],
  ...['ಪಾಸ್‌ವರ್ಡ್', 'ಪಾಸ್ವರ್ಡ್', 'પાસવર્ડ', 'මුරපදය'],
  ...['كلمة السر', 'كلمة المرور', 'كلمه السر', 'كلمه المرور', 'كلمة سر', 'الرقم السري'],
  // Hebrew, Thai.
  ...['סיסמה', 'הסיסמה', 'סיסמא', 'הסיסמא', 'รหัส atm', 'รหัส pin', 'รหัสเอทีเอ็ม'],
  // Persian, Hindi.
  ...['رمز عبور', 'رمز ورود', 'گذرواژه', 'کلمه عبور', 'پسورد', 'पासवर्ड', 'पासवर्ड है'],
  // Yoruba, Estonian, Albanian.
  ...[
    'ọ̀rọ̀ aṣínà',
    'ọrọ aṣina',
    'oro asina',
    'parool',
    'parooli',
    'fjalëkalimi',
    'fjalëkalim',
    'fjalëkalimin',
  ],
];
/** The English PIN labels: after them, a foreign copula that is an English word ("on") is read as English. */
const ENGLISH_PIN_LABELS = ['pin', 'pin code', 'pin-code', 'pin number', 'pincode'];
const PIN_LABELS = [
  ...ENGLISH_PIN_LABELS,
  'geheimzahl',
  'pin-kod',
  'pin-koodi',
  // Uzbek and Turkish ("kartamning pin kodi ...").
  'pin kodi',
  'pin-kodi',
  'pin kodu',
  // Mobile money and banks: GCash and eSewa's MPIN, Mexico's NIP, French "code secret", Urdu "پن کوڈ".
  'mpin',
  'm-pin',
  'nip',
  'code secret',
  'پن کوڈ',
  'पिन कोड',
  // Bulgarian and Russian, with the Bulgarian article ("ПИН-ът на новата ти карта е ...").
  'пин',
  'пин-ът',
  'пинът',
  'пин-кода',
  'пин-код',
  'पिन',
  'पिन नंबर',
  'পিন',
  'পিন নম্বর',
];
const PASSPHRASE_LABELS = [
  ...[
    'passphrase',
    'pass phrase',
    'pass-phrase',
    'master passphrase',
    'frase de contraseña',
    'frase secreta',
  ],
  ...['frase de paso', 'frase-passe', 'phrase secrète', 'phrase de passe', 'frase segreta', 'wachtwoordzin'],
  'wachtzin',
  'frasa laluan',
  ...['adgangssætning', 'hovedadgangssætning', 'lösenfras', 'lösenfrasen', 'passordfrase', 'tunnuslause'],
  'heslová fráze',
  ...['jelmondat', 'parafrază'],
  'φράση πρόσβασης',
  'συνθηματική φράση',
  // Finnish "salalause" beside "tunnuslause" (VeraCrypt and password managers use both).
  ...['salalause', 'salalauseen', 'salalauseeni', 'salalauseesi'],
];
// Scripts without word spaces: the label is read wherever it stands ("wifi密码是...", "รหัสผ่านเข้าเครื่อง POS").
const CJK_PASSWORD_LABELS = [
  '密码',
  '密碼',
  '口令',
  'パスワード',
  'パスコード',
  '비밀번호',
  '비번',
  '암호',
  'รหัสผ่าน',
  // "รหัสคือ ...": the bare code word counts only with the copula right after it (CJK_SEPARATOR).
  'รหัส',
];
const CJK_PIN_LABELS = ['暗証番号', '支付密码', '取款密码'];
// Labels whose modifiers follow them ("mật khẩu wifi là ...", "kata sandi email saya adalah ...").
const POSTPOSED_LABELS = new Set([
  'mật khẩu',
  'mk',
  'kata sandi',
  'kata laluan',
  'sandi',
  'frasa laluan',
  'رمز',
]);
// Labels that are also everyday words ("a boarding pass", "la clave del éxito", "parola" = word): only a
// random-looking value counts after them.
const LOOSE_LABELS = new Set(['pass', 'pw', 'clave', 'chave', 'sandi', 'parola', 'mk', 'رمز']);

// Labels that end compounds in languages that write them as one word ("Initialpasswort", "Routerkennwort",
// "standaardwachtwoord", "wifilösenord", "ruterpassordet"): read there too, where another label inside a word is not.
const COMPOUND_TAILS = new Set([
  ...['passwort', 'kennwort', 'wachtwoord', 'lösenord', 'lösenordet', 'passord', 'passordet'],
  ...['adgangskode', 'adgangskoden', 'kodeord', 'kodeordet', 'salasana', 'salasanan'],
]);
const LABEL = new RegExp(
  `(?:${phrasePattern([...ENGLISH_LABELS, ...WIFI_LABELS, ...FOREIGN_LABELS, ...PIN_LABELS, ...PASSPHRASE_LABELS])})(?![\\p{L}\\p{N}])`,
  'giu',
);
const CJK_LABEL = new RegExp(phrasePattern([...CJK_PIN_LABELS, ...CJK_PASSWORD_LABELS]), 'gu');

const VERBS = VALUE_VERBS;
const SPACED_PREPOSITIONS = PREPOSITIONS.filter((p) => !p.endsWith("'"));
const ELIDED_PREPOSITIONS = [...PREPOSITIONS.filter((p) => p.endsWith("'")), "dell'", "dall'", "nell'", "d'"];
const PHRASE = `(?:\\s+(?:(?:${phrasePattern(SPACED_PREPOSITIONS)})\\s+|${phrasePattern(ELIDED_PREPOSITIONS)})[^\\s.!?:;,=]+(?:\\s+[^\\s.!?:;,=]+){0,5}?)`;
// "password: x", "PASSWORD=x", "password => x", "pw → x"; an optional closing quote covers JSON/YAML keys.
// A label in brackets closes them first ("无线网络密码 (WiFi Key)：").
const ASSIGNMENT = /^["')）]?\s*(?::=|=>|->|→|⇒|[:=：])\s*/;
// "password is x", "the wifi password for the cabin is x", "PIN for the card: x", "das Passwort lautet x",
// "la mia password è: x", "ο κωδικός σου για το wifi είναι x": prepositional phrases and a possessive that
// follows the label only, so "password manager is bitwarden" (a password manager) does not match.
const POSSESSIVE = phrasePattern(POSTPOSED_POSSESSIVES);
// Adverbs between an English verb and its value ("our netflix password is still x").
// And "now" in the languages that put it there ("Hasło do laptopa to teraz ...", "das Passwort ist jetzt ...").
const STILL = phrasePattern([
  ...['still', 'currently', 'always', 'also', 'actually', 'really', 'now'],
  ...['teraz', 'jetzt', 'nun', 'ahora', 'maintenant', 'désormais', 'agora', 'adesso', 'ora', 'nu', 'nå'],
  ...['теперь', 'сейчас', 'тепер', 'şimdi', 'artık', 'sekarang', 'giờ', 'bây giờ'],
]);
const STATEMENT = new RegExp(
  `^(?:\\s+(?:${POSSESSIVE}))?${PHRASE}?(?:\\s+(?:${POSSESSIVE}))?(?:\\s+(${VERBS})(?:\\s+(?:${STILL}))?(?:\\s*[:：]\\s*|\\s+)|\\s*(?:[:=：]|->|=>|→|⇒)\\s*)`,
  'iu',
);
// "the PIN they gave me is x", "my password, which I never change, is x", "the PIN for my card, which I keep
// forgetting, is x": only a value that is not a word counts after a relative clause (intro `relative`).
const RELATIVE = new RegExp(
  `^${PHRASE}?${RELATIVE_CLAUSE}\\s+(?:${UNAMBIGUOUS_VALUE_VERBS})(?:\\s*[:：]\\s*|\\s+)`,
  'iu',
);
// Up to four words, then a copula of a language that puts none right after the label (Vietnamese, Malay, Swahili
// "PIN yangu ya M-Pesa ni 4093", Arabic "كلمة السر لحسابي في تطبيق البنك هي ...") or a colon.
// With the copulas of Tagalog ("ay"), Hausa ("ita ce", "shi ne"), Amharic ("ነው"), Nepali and Hindi ("हो", "है"),
// and French "c'est" after a few words ("mon code secret Orange Money c'est ..."). Not "es" or "é": "a chave KMS é
// arn:aws:..." names a key's ARN.
const FINAL_COPULA = phrasePattern([
  ...PHRASE_FINAL_COPULAS,
  ...['هي', 'هو', 'ay', 'ita ce', 'shi ne', 'ነው', 'हो', 'है', "c'est", 'c’est'],
]);
// Words, not the value: a token with a digit in it is what a copula after it would give ("UPI PIN 603817 है").
const FEW_WORDS = '(?:\\s+(?![^\\s]*\\d)[^\\s.!?:;,=]+){0,4}?';
const POSTPOSED = new RegExp(`^${FEW_WORDS}(?:\\s+(${FINAL_COPULA})\\s+|\\s*[:=]\\s*)`, 'iu');
// The same copula after any label, read like a relative clause (see separate).
// Up to six words here, after a closing bracket too ("lambar sirri (PIN) ta OPay dina ita ce 2856", "Kod PIN kawalan
// ibu bapa Astro kat rumah ni 7305"): only a random value or a 4-8 digit code counts after it.
const DISTANT_COPULA = new RegExp(
  `^[)\\]]?(?:\\s+(?![^\\s]*\\d)[^\\s.!?:;,=]+){0,6}?\\s+(?:${FINAL_COPULA})\\s+`,
  'iu',
);
// "mdp banque: ...", "password gmail: ...", "Passwort Router: ...", "הסיסמה לכניסה למחשב: ...": up to three naming
// words, then a colon. Only a
// random-looking value counts, and not after the words that make a compound ("password manager: ...").
// The word and the value stay on the label's line: "db_password:\n  file: ..." opens a nested YAML block.
// Up to five words, letters with their marks ("تغيّرت", "नया") and a Persian half-space ("نرم‌افزار") in them:
// "Пароль від вайфаю для персоналу: ...", "كلمة سر الواي فاي الخاصة بالموظفين تغيّرت: ...".
const NAMED =
  /^[ \t]+([\p{L}\p{M}][\p{L}\p{M}\d._\u200c-]{1,24})(?:[ \t]+[\p{L}\p{M}][\p{L}\p{M}\d._\u200c-]{1,24}){0,4}[ \t]*[:=：][ \t]*/u;
// After a label in a script without spaces, the same words may follow glued to it ("รหัสผ่านเข้าเครื่อง POS ของ...:").
const NAMED_GLUED =
  /^([\p{L}\p{M}][\p{L}\p{M}\d._\u200c-]{0,24})(?:[ \t]+[\p{L}\p{M}][\p{L}\p{M}\d._\u200c-]{1,24}){0,4}[ \t]*[:=：][ \t]*/u;
const COMPOUNDS = new Set(
  (
    'manager managers hint hints policy policies reset resets strength length field fields rule rules ' +
    'generator requirement requirements change changes expiry expiration history hash hashing protection ' +
    'recovery prompt form box input label complexity rotation format type store storage sharing less ' +
    'protected required spray cracking list lists vault safe app tool tools entry entries'
  ).split(' '),
);
const CJK_SEPARATOR =
  /^\s*(?:(?:已经|已)?(改成了|改成|改为|改為|设为|设置为|设置成|設為|更改为|重置为|是|为|為|は|는|은|이|가|คือ)\s*[:：]?\s*|[:：=、]\s*|(?=[「『]))/u;
// (A value in corner brackets right after the label needs no separator: "パスワード「Hinata2015!」".)
// "비번 오늘 바꿨음 → x", "密码改了 -> x": a few words after the label, then an arrow that hands the value over.
const CJK_ARROW = /^[^\n.。!?！？:：=]{0,16}?\s*(?:→|->|=>|⇒)\s*/u;
// "密码mathisfun22": the value typed right after the label, letters and digits, eight or more characters (a
// shorter run reads as a term: "密码SHA256").
const CJK_GLUED = /^ ?(?=[!-~]{8})(?=[!-~]*[0-9])(?=[!-~]*[A-Za-z])/;
// "password raspberry42", 'with password "x"', "changed my password to Kx7!...": no separator, so only a
// quoted or clearly random value.
// A possessive or determiner may stand between ("pw nya kopisusu2023!!", "wifi password එක Kandy2020$home"), a
// service's name and a possessive ("PIN DANA aku 150693"), or
// a word that says the password is a new or temporary one ("mot de passe provisoire Renard-Velours-93!").
const TEMPORARY = phrasePattern([
  ...['temporary', 'temp', 'new', 'initial', 'one-time', 'provisoire', 'temporaire', 'nouveau'],
  ...['vorläufiges', 'temporäres', 'neues', 'temporal', 'provisional', 'nueva', 'provisória', 'temporária'],
  ...['nova', 'provvisoria', 'temporanea', 'nuova', 'tijdelijk', 'tymczasowe', 'nowe', 'временный', 'новый'],
  ...['тимчасовий', 'новий', 'geçici', 'yeni', 'tillfälligt', 'nytt', 'midlertidig', 'väliaikainen'],
]);
const JUXTAPOSED = new RegExp(
  `^[)\\]]?\\s+(?:(?:to|as|auf|zu|in|en|a|para|à|na|${POSSESSIVE}|එක|${TEMPORARY})\\s+|[^\\s\\d]+\\s+(?:${POSSESSIVE})\\s+)?(?=["'\`“‘]|\\S*[0-9!@#$%^&*])`,
  'iu',
);
// Up to twenty words (commas allowed, no sentence end, no other colon) up to a colon on the label's line.
// Its first word may not make a compound with the label ("password manager, the one we pay for: 1Password").
// The colon closes the clause: a space follows it ("arn:aws:..." is a value, not a clause's end).
const CLAUSE_TO_COLON =
  /^,?[ \t]+([^\s.!?:：;=,]+),?(?:[ \t]+[^\s.!?:：;=]+){0,19}?,?[ \t]*(?::[ \t]+|：[ \t]*)/u;
// A long clause between the label and its verb, commas and all, in the label's sentence ("The password for the
// TP-Link router that my cousin set up when he stayed with us, the one in the hallway closet, is ..."): read like a
// relative clause, so only a random value or a 4-8 digit code counts. No word of the clause has a digit: that would
// be the value ("UPI PIN 482916 hai mera, kisi ko mat batana").
const LONG_CLAUSE = new RegExp(
  `^\\s+(?![^\\s]*\\d)([^\\s.!?:;=।]+)(?:\\s+(?![^\\s]*\\d)[^\\s.!?:;=।]+){0,29}?,?\\s+(?:${UNAMBIGUOUS_VALUE_VERBS})\\s+`,
  'iu',
);
// The value in a later sentence, after a word that points back at the password ("... ich muss es morgen eingeben.
// Es lautet: Wintergarten!84", "Oui, c'est Lavande_et_tilleul56", "Tức là HoaiPhuong1995!", "ওটা হলো ...", "Yung
// bago ay ...", "Тобто Oksana1991!"): at the start of a sentence or clause, within the label's paragraph.
const POINTERS = [
  ...["it's", 'it is', 'here it is', "that's", 'that is', 'es lautet', 'es ist', 'das ist', 'lautet'],
  ...["c'est", 'c’est', 'le voici', 'la voici', 'voici', 'o sea', 'ou seja', 'cioè', 'ecco', 'eccola'],
  ...['тобто', 'то есть', 'это', 'ось', 'вот', 'tức là', 'nghĩa là', 'ওটা হলো', 'এটা হলো', 'সেটা হলো'],
  ...['yung bago ay', 'ito ay', 'yaitu', 'iaitu', 'yakni', 'वो है', 'यह है'],
  // The answer to a question about it ("Wie lautet das WLAN-Passwort? Antwort: ...", "—¿Cuál es la contraseña...?
  // —Es «Girasol_2016»").
  ...['antwort', 'answer', 'reply', 'respuesta', 'réponse', 'resposta', 'risposta', 'es', 'son', 'é'],
  // The new one, after a reset ("had to reset the banking app pin... the new one is 804613", "yang baru: 193847").
  ...[
    'the new one is',
    'new one is',
    'the new one',
    'new one',
    'yang baru',
    'yang baru adalah',
    'la nueva es',
  ],
  ...[
    'el nuevo es',
    'a nova é',
    'o novo é',
    'la nouvelle est',
    'le nouveau est',
    'die neue ist',
    'das neue ist',
  ],
  ...['der neue ist', 'la nuova è', 'il nuovo è', 'yenisi', 'новый', 'новый —', 'новий'],
];
const POINTER = new RegExp(
  `(?:^|[.!?。！？…।\\n]|,)\\s*[—–-]?\\s*(?:(?:oui|yes|yeah|ja|sí|si|да|так|ok|okay|claro)[,!]?\\s+)?(?:${phrasePattern(POINTERS)})(?![\\p{L}])\\s*[:：]?\\s*`,
  'giu',
);
/** How far after its label a pointing sentence may give the value. */
const POINTER_REACH = 260;
// Japanese and Korean chat give the value and then the copula ("メモしておいて。Sakura2024!tk です。", "까먹어서...
// minji0415!! 이거야"): an ASCII token of six or more characters with a letter and a digit right before it, within a
// few sentences of the label.
const CJK_VALUE_THEN_COPULA =
  /(?<=^|[\s。！？!?.…、，,])(?=[!-~]*[A-Za-z])(?=[!-~]*\d)([!-~]{6,})\s*(?:です|だよ|だ|이야|이거야|입니다|예요|에요|임)(?![\p{L}])/u;
const PIN_AFTER_NAME = /^\s+(?![^\s]*\d)[^\s.!?:;,=]+\s+(?=\d(?: ?\d){3,7}(?![ ]?\d))/u;
// A PIN straight after a Korean or Japanese label, then the copula ("잠금 비밀번호 040644 야", "暗証番号 4821 です").
const CJK_DIGITS_THEN_COPULA = /^\s*(\d{4,8})\s*(?:야|이야|입니다|예요|이에요|です|だよ)(?![\p{L}])/u;
const QUOTED = /^(["'`“‘«「])([^"'`”’»」\n]{1,128})["'`”’»」]/;
// Template markers first, so "${DB_PASSWORD}" and "<set in .env>" are read whole (and then seen as placeholders).
const BARE =
  /^(?:\$\{[^}\s]*\}|\{\{[^}]*\}\}|<[^>\n]{0,40}>|\[[^\]\n]{0,40}\]|[^\s,;'"`)\]}<>，。；、！？：（）]+)/;
const ASCII_RUN = /^[!-~]+/;
const SPACED_DIGITS = /^\d(?: \d){3,7}(?![ ]?\d)(?!\p{L})/u;
const CLAUSE_END = /^(?:\s*$|\s*[.,;!?)。，；！？]|\s+(?:and|but|so|und|aber|y|pero|e|mas|et|mais|ma|en)\b)/i;
// Words that show a clause is about a passphrase, not one: pointers, comparisons, auxiliaries, units.
const NOT_IN_PASSPHRASE = new Set(
  (
    'is are was be been should must can could will would may not no never always somewhere nowhere there ' +
    'here same words word characters letters digits long short written stored saved kept known shared vault ' +
    'manager file note paper drawer that which than ist sind nicht gleiche dasselbe wie dass es est son que ' +
    'qui même misma mismo mesma mesmo como è che stessa stesso'
  ).split(' '),
);
// ...and words a given passphrase does not start with (an article may start one in Romance languages:
// "le chat mange la souris").
const NOT_FIRST_IN_PASSPHRASE = new Set(
  (
    'the a an of in on at to for from with by my your his her our their its this these those it also still ' +
    'just only too very so already now then im auf unter bei mit dans sur sous avec chez en sobre con em no ' +
    'na nel nella sul ne pas nicht não non niet der die das den dem ein eine'
  ).split(' '),
);

type Intro = 'assignment' | 'english' | 'giving' | 'copula' | 'juxtaposed' | 'relative' | 'cjk' | 'clause';
type LabelKind = 'password' | 'pin' | 'passphrase';

interface Separated {
  length: number;
  intro: Intro;
}

const ENGLISH_VERB = new RegExp(`^(?:${phrasePattern(ENGLISH_COPULAS)})$`, 'i');
const GIVING_VERB = new RegExp(
  `^(?:${phrasePattern(GIVING_VERBS)}|改成了|改成|改为|改為|设为|设置为|设置成|設為|更改为|adalah|ialah)$`,
  'i',
);

function introOf(verb: string | undefined): Intro {
  if (verb === undefined) return 'assignment';
  if (GIVING_VERB.test(verb)) return 'giving';
  return ENGLISH_VERB.test(verb) ? 'english' : 'copula';
}

function separate(tail: string, label: string, cjk: boolean): Separated | null {
  if (cjk) {
    const m = CJK_SEPARATOR.exec(tail);
    if (m)
      return { length: m[0].length, intro: m[1] !== undefined && GIVING_VERB.test(m[1]) ? 'giving' : 'cjk' };
    const arrow = CJK_ARROW.exec(tail);
    if (arrow) return { length: arrow[0].length, intro: 'assignment' };
    const glued = CJK_GLUED.exec(tail);
    if (glued) return { length: glued[0].length, intro: 'juxtaposed' };
    // Korean and Thai put words between the label and a colon ("비밀번호 바뀌었어요: ...", Thai glued to the label): a
    // random value only. Chinese and Japanese labels are read as before (each of them in a long text would pay).
    const first = label.charCodeAt(0);
    const named =
      first >= 0xac00 && first <= 0xd7af // Hangul syllables
        ? NAMED.exec(tail)
        : first >= 0x0e00 && first <= 0x0e7f // Thai
          ? NAMED_GLUED.exec(tail)
          : null;
    return named ? { length: named[0].length, intro: 'juxtaposed' } : null;
  }
  const assignment = ASSIGNMENT.exec(tail);
  if (assignment) return { length: assignment[0].length, intro: 'assignment' };
  const statement = (POSTPOSED_LABELS.has(label) ? POSTPOSED : STATEMENT).exec(tail);
  // After an English label, Finnish "on" and the like are English words: "change my password on Friday".
  const english =
    ENGLISH_LABELS.includes(label) || WIFI_LABELS.includes(label) || ENGLISH_PIN_LABELS.includes(label);
  const lookalike =
    statement?.[1] !== undefined && /^\p{L}+$/u.test(statement[1]) && isEnglishLookalike(statement[1]);
  if (statement && !(english && lookalike))
    return { length: statement[0].length, intro: introOf(statement[1]) };
  const named = NAMED.exec(tail);
  if (named && !COMPOUNDS.has((named[1] ?? '').toLowerCase()))
    return { length: named[0].length, intro: 'juxtaposed' };
  const relative = RELATIVE.exec(tail);
  if (relative) return { length: relative[0].length, intro: 'relative' };
  // Any label, a few words, then a copula of Vietnamese, Malay, Swahili or Arabic: read like a relative clause,
  // so only a random value or a 4-8 digit code counts ("no tengo password ni PIN" gives nothing).
  const distant = DISTANT_COPULA.exec(tail);
  if (distant) return { length: distant[0].length, intro: 'relative' };
  // Not after a label that is also an everyday word ("a chave KMS é arn:aws:kms:...": a key's ARN).
  // Nor when the clause opens a compound with the label ("password hash algorithm is argon2id", "password hint is ...").
  const long = LOOSE_LABELS.has(label) ? null : LONG_CLAUSE.exec(tail);
  if (long && !COMPOUNDS.has((long[1] ?? '').replace(/,$/, '').toLowerCase()))
    return { length: long[0].length, intro: 'relative' };
  const juxtaposed = JUXTAPOSED.exec(tail);
  if (juxtaposed) return { length: juxtaposed[0].length, intro: 'juxtaposed' };
  // A PIN after one naming word, its digits perhaps spaced ("пин сбер 8 9 2 5"): only 4-8 digits count after a PIN.
  const pinAfterName = PIN_LABELS.includes(label) ? PIN_AFTER_NAME.exec(tail) : null;
  if (pinAfterName) return { length: pinAfterName[0].length, intro: 'juxtaposed' };
  // A whole clause saying what it is for, then a colon, in the label's sentence ("Heslová fráze k rodinnému trezoru
  // v Bitwardenu, kdyby se mi něco stalo: ...", "slaptažodis, kad galėtum pažiūrėti ... pažymius: ..."): a
  // passphrase of plain words, or a random password only.
  const clause = CLAUSE_TO_COLON.exec(tail);
  if (clause && !LOOSE_LABELS.has(label) && !COMPOUNDS.has((clause[1] ?? '').toLowerCase()))
    return { length: clause[0].length, intro: 'clause' };
  // A few words, then an arrow that hands the value over ("new WPA2 key set per cust request → 'sunflower-...'"):
  // read like a relative clause, so only a quoted or random value counts.
  const arrow = ARROW_AFTER_WORDS.exec(tail);
  return arrow && !LOOSE_LABELS.has(label) && !COMPOUNDS.has((arrow[1] ?? '').toLowerCase())
    ? { length: arrow[0].length, intro: 'relative' }
    : null;
}

const ARROW_AFTER_WORDS = /^[ \t]+([^\s→]+)(?:[ \t]+[^\s→]+){0,5}?[ \t]*(?:→|->|=>|⇒)[ \t]*/u;

function isProseWord(value: string, foreign: boolean): boolean {
  const word = value.toLowerCase();
  if (PROSE_WORDS.has(word) || /^[a-z-]+(?:ed|ing|ly)$/.test(word)) return true;
  return foreign && FOREIGN_PARTICIPLE.test(word);
}

/** Decides whether the value after a label is a password being given. */
function isPasswordValue(
  value: string,
  quoted: boolean,
  intro: Intro,
  after: string,
  foreign: boolean,
): boolean {
  if (value.length < 3 || isPlaceholder(value)) return false;
  // A word in a script without letter case ("密码是什么", "パスワード「忘れた」ボタン") is prose, quoted or not;
  // passwords are typed in ASCII.
  if (!/[A-Za-z0-9]/.test(value) && /\p{Lo}/u.test(value)) return false;
  if (quoted) return true;
  if (UNITS.test(after)) return false;
  // Shell paths after "pwd:" are the working directory, not a password.
  if (/^(?:~|\.{0,2})\/[^\s]*$/.test(value)) return false;
  const wordLike = /^\p{L}[\p{Ll}\p{M}'-]*$/u.test(value);
  // With no separator, or after a relative clause, only a clearly random value counts: letters with more, six
  // or longer; after a relative clause a plain 4-8 digit code too ("the passcode my wife set is 5511").
  const random = /\p{L}/u.test(value) && value.length >= 6;
  if (!wordLike) {
    if (intro === 'relative') return random || /^\d{4,8}$/.test(value);
    return intro !== 'juxtaposed' || random;
  }
  if (intro === 'juxtaposed' || intro === 'relative' || isProseWord(value, foreign || intro === 'copula')) {
    return false;
  }
  // After "ist", "es", "est"... a lowercase word is an adjective or participle ("ist abgelaufen"); a capitalised
  // one may be a German noun given as the password ("ist Sonnenschein").
  if (intro === 'copula' && !/^\p{Lu}/u.test(value)) return false;
  // A bare dictionary-looking word counts only when it ends the clause: "password is swordfish." gives one,
  // "password: see the vault entry" points elsewhere.
  return CLAUSE_END.test(after);
}

/** A multi-word passphrase given after its label: three or more plain words up to the end of the clause. */
function passphraseWords(rest: string): number {
  const clause = /^[^\n.,;!?。，；(（]{1,160}/.exec(rest)?.[0] ?? '';
  const words = clause.trimEnd().split(/\s+/);
  if (words.length < 3 || words.length > 12 || NOT_FIRST_IN_PASSPHRASE.has((words[0] ?? '').toLowerCase())) {
    return 0;
  }
  if (!words.every((w) => /^[\p{L}\p{N}'-]+$/u.test(w) && !NOT_IN_PASSPHRASE.has(w.toLowerCase()))) return 0;
  return clause.trimEnd().length;
}

// A factory default said to be one ("default pairing PIN 0000 (change in settings)"): printed on every box.
const DEFAULT_WORD =
  /(?:default|factory|werks|d'usine|par défaut|predeterminad|padrão|di fabbrica|standaard|初期|기본)/i;
function isFactoryDefault(value: string, before: string): boolean {
  return (/^(\d)\1+$/.test(value) || value === '1234' || value === '12345') && DEFAULT_WORD.test(before);
}

// India's postal codes are "PIN codes" (Postal Index Number): six digits said with an area, an address or a parcel
// ("हमारे इलाके का पिन कोड 110092 है, ऑनलाइन पार्सल मंगाते वक्त याद रखना").
const POSTAL_CONTEXT =
  /(?<![\p{L}])(?:address|area|locality|postal|post office|delivery|courier|parcel|shipping|district|city|पता|पते|इलाके|इलाका|क्षेत्र|डाक|पार्सल|डिलीवरी|मोहल्ले|कॉलोनी|शहर|जिले|ज़िले)(?![\p{L}])/iu;
function isPostalCode(value: string, label: string, around: string): boolean {
  return /^\d{6}$/.test(value) && /pin ?code|pincode|पिन कोड/.test(label) && POSTAL_CONTEXT.test(around);
}

function labelKind(label: string): LabelKind {
  const lower = label.toLowerCase();
  if (PASSPHRASE_LABELS.includes(lower)) return 'passphrase';
  return PIN_LABELS.includes(lower) || CJK_PIN_LABELS.includes(label) ? 'pin' : 'password';
}

function findValue(text: string, labelStart: number, label: string, cjk: boolean): SecretFinding | null {
  const lower = label.toLowerCase();
  const labelEnd = labelStart + label.length;
  const tail = text.slice(labelEnd, labelEnd + 240);
  const separated = separate(tail, lower, cjk);
  if (!separated) return null;
  const kind = labelKind(label);
  const code = kind === 'passphrase' ? 'secret.passphrase' : 'secret.password';
  const valueStart = labelEnd + separated.length;
  const rest = tail.slice(separated.length);
  // A PIN typed digit by digit, after a colon ("senha do cartão: 4 8 2 1") or any separator a PIN reads ("пин сбер 8
  // 9 2 5"); a password's spaced digits only after a colon.
  const spaced =
    separated.intro === 'assignment' || kind === 'pin' ? SPACED_DIGITS.exec(rest)?.[0] : undefined;
  if (spaced !== undefined) return { code, start: valueStart, end: valueStart + spaced.length };
  const quoted = QUOTED.exec(rest);
  const raw = quoted ? quoted[2] : (cjk ? ASCII_RUN : BARE).exec(rest)?.[0];
  if (raw === undefined) return null;
  const value = quoted ? (raw ?? '') : raw.replace(/[.!?:]+$/, '');
  const consumed = quoted ? quoted[0].length : value.length;
  const after = rest.slice(consumed);
  const intro: Intro = LOOSE_LABELS.has(lower) ? 'juxtaposed' : separated.intro;
  if (kind === 'pin') {
    if (
      !/^\d{4,8}$/.test(value) ||
      isFactoryDefault(value, text.slice(Math.max(0, labelStart - 40), labelStart)) ||
      isPostalCode(value, lower, text.slice(Math.max(0, labelStart - 60), valueStart + consumed + 60))
    )
      return null;
    return { code, start: valueStart, end: valueStart + consumed };
  }
  if (kind === 'passphrase' && !quoted && intro !== 'juxtaposed' && intro !== 'relative') {
    // After a clause, only four or more words up to the sentence's end: "...noget: solsikke kaffekop bølgebryder
    // tusmørke." ("...podle pravidel banky: nejméně pět slov." states a rule).
    if (
      intro === 'clause' &&
      !/^[\p{Ll}\p{M}'-]+(?: [\p{Ll}\p{M}'-]+){3,}(?:[.!]|$)/u.test(rest.split('\n')[0] ?? '')
    )
      return null;
    const length = passphraseWords(rest);
    if (length > 0) return { code, start: valueStart, end: valueStart + length };
  }
  // An account passcode is often a number the phone company asks for ("AT&T account passcode 480213, they ask for
  // it on the phone"): four to eight digits that end the clause, as after a PIN label.
  if (lower === 'passcode' && /^\d{4,8}$/.test(value) && CLAUSE_END.test(after))
    return { code, start: valueStart, end: valueStart + consumed };
  const foreign = !ENGLISH_LABELS.includes(lower) && !WIFI_LABELS.includes(lower) && kind !== 'passphrase';
  if (
    !isPasswordValue(
      value,
      quoted !== null,
      cjk && intro === 'cjk' ? 'assignment' : intro === 'clause' ? 'juxtaposed' : intro,
      after,
      foreign,
    )
  ) {
    return null;
  }
  return { code, start: valueStart, end: valueStart + consumed };
}

// The value first: "hunter2 is my password", "'Tr0ub4dor&3' is the password for the NAS", "4471 is my PIN",
// "Sonne!12 ist mein Passwort", "uses Kitchen$Sink42 as the password": the value, a verb or "as", at most two words
// ("my", "the wifi"), the label.
const VALUE_FIRST = new RegExp(
  `(?<![^\\s"'“‘(])(["'“‘]?)([^\\s"'“”‘’]{4,64})\\1\\s+(?:${UNAMBIGUOUS_VALUE_VERBS}|as)\\s+(?:[\\p{L}-]+\\s+){0,2}?(${phrasePattern([...ENGLISH_LABELS, ...FOREIGN_LABELS, ...PIN_LABELS])})(?![\\p{L}])`,
  'giu',
);

// The value first, then a pointer back at it that says what it is ("Qz7!rT4w@Lm — that's what I set for the staging
// grafana admin account", "Kx9mPq2Lw, that's my new login"): only a clearly random value (letters of both cases and a
// digit, or a letter, a digit and a symbol, eight characters or more), and one with a symbol when the pointer names
// no password or login.
const VALUE_THEN_POINTER =
  /(?<![^\s"'“‘(])([^\s"'“”‘’,]{8,64})\s*(?:—|–|-|,|:)?\s+(?:that's|that is|this is|it's|it is)\s+(?:what\s+i\s+(?:set|use|chose|picked|made|put)|(?:my|the|our)\s+(?:new\s+)?(?:[\p{L}-]+\s+){0,3}?(?:password|passcode|pin|login|passphrase))(?![\p{L}])/giu;
const RANDOM_VALUE = (value: string) =>
  value.length >= 8 &&
  /\d/.test(value) &&
  ((/[a-z]/.test(value) && /[A-Z]/.test(value)) || (/\p{L}/u.test(value) && /[!@#$%^&*+=~?]/.test(value)));

// The same in Chinese and Japanese, which write no spaces between the copula, what the password is for and the label
// ("Xiaomao@0815 是新的萤石云密码", "Kx9mPq2Lw 就是家里路由器的密码", "Hanako#77 は会社のパスワード"): a value with letters and a digit
// or a symbol, 6 characters or more, then the copula and at most twelve characters before the label.
const VALUE_FIRST_CJK = new RegExp(
  `(?<![^\\s"'“‘(])([^\\s"'“”‘’]{6,64})\\s*(?:是|就是|为|為|は)[^\\s\\d,，。.!?！？:：]{0,12}?(?:${phrasePattern(CJK_PASSWORD_LABELS)})`,
  'gu',
);

// Plain words joined by hyphens after a colon, in a sentence that says what they are ("the 1Password master is the 4
// words we picked in Kyoto, hyphenated: maple-lantern-ferry-quiet"): a diceware passphrase, three to eight words of
// three letters or more, the label too far from it for a label's separator. "Master" alone is a bedroom or a
// recording: only a password manager's, or a master password or key.
const HYPHENATED_WORDS =
  /(?<![\p{L}])(?:(?:1password|bitwarden|lastpass|keepass(?:xc)?|dashlane|keeper|enpass|proton pass)\s+master|master\s+(?:password|passphrase|key)|passphrase|pass phrase|password|passwort|wachtwoord|mot de passe|contraseña|senha)(?![\p{L}])[^.\n!?]{0,80}?:\s*["'“]?(\p{Ll}{3,}(?:-\p{Ll}{3,}){2,7})(?![\p{L}\p{N}-])/giu;

/** A value that reads as made up rather than a word: letters with a digit or a symbol, six characters or more. */
const madeUp = (value: string) =>
  value.length >= 6 && /\p{L}/u.test(value) && /[\p{N}!@#$%^&*+=~?]/u.test(value);

/** Passwords and PINs named after their value: a quoted value, a random-looking one, or 4-8 digits for a PIN. */
function valuesFirst(text: string): SecretFinding[] {
  const findings: SecretFinding[] = [];
  for (const match of text.matchAll(HYPHENATED_WORDS)) {
    const start = match.index + match[0].length - match[1]!.length;
    findings.push({ code: 'secret.passphrase', start, end: start + match[1]!.length });
  }
  for (const match of text.matchAll(VALUE_FIRST_CJK)) {
    const value = match[1]!;
    if (!madeUp(value) || isPlaceholder(value)) continue;
    findings.push({ code: 'secret.password', start: match.index, end: match.index + value.length });
  }
  for (const match of text.matchAll(VALUE_THEN_POINTER)) {
    const value = match[1]!.replace(/[.!?:;]+$/, '');
    // "what I use" names nothing: a product's name ("iPhone15Pro") is no password, so a symbol is needed there.
    const named = !/what\s+i\s/i.test(match[0]);
    if (!RANDOM_VALUE(value) || (!named && !/[!@#$%^&*+=~?]/.test(value)) || isPlaceholder(value)) continue;
    findings.push({ code: 'secret.password', start: match.index, end: match.index + value.length });
  }
  for (const match of text.matchAll(VALUE_FIRST)) {
    const [, quote = '', value = '', label = ''] = match;
    const next = /^\s*([\p{L}]+)/u.exec(text.slice(match.index + match[0].length))?.[1]?.toLowerCase();
    if (next !== undefined && COMPOUNDS.has(next)) continue;
    const pin = PIN_LABELS.includes(label.toLowerCase());
    const given = pin ? /^\d{4,8}$/.test(value) : quote !== '' || madeUp(value);
    if (!given || isPlaceholder(value)) continue;
    const start = match.index + quote.length;
    findings.push({ code: 'secret.password', start, end: start + value.length });
  }
  return findings;
}

// A password on a command line: MySQL's -p glued to its value ("mysql -u app -p'Gr33nTea'", "-pS3cret"), sshpass.
const COMMAND_LINE =
  /\b(?:(?:mysql|mysqldump|mysqladmin|mariadb|mariadb-dump)\b[^\n]{0,160}?\s-p|sshpass\s+-p\s*)(?:(["'])([^"'\n]{3,128})\1|([^\s"'`]{3,128}))/gu;

/** Passwords given to a command line. */
function commandLinePasswords(text: string): SecretFinding[] {
  const findings: SecretFinding[] = [];
  for (const match of text.matchAll(COMMAND_LINE)) {
    const value = match[2] ?? match[3] ?? '';
    if (isPlaceholder(value) || value.startsWith('$')) continue;
    const start = match.index + match[0].length - value.length - (match[1] ? 1 : 0);
    findings.push({ code: 'secret.password', start, end: start + value.length });
  }
  return findings;
}

// A password in a table cell: one token of 4-64 characters with a digit or a symbol in it ("Wh1skers&Mittens18");
// a column of passwords also holds notes ("never changed, see manual", "passkey only", "—"), which are not.
const CELL_PASSWORD = /^(?=\S*[\d\p{P}\p{S}])\S{4,64}$/u;

/** Passwords and PINs in a table column that a password label heads ("name,url,username,password"). */
function tableColumnPasswords(text: string): SecretFinding[] {
  return tableCells(text)
    .filter(
      (cell) =>
        (headerIs(cell.header, LABEL) || headerIs(cell.header, CJK_LABEL)) &&
        CELL_PASSWORD.test(cell.value) &&
        !isPlaceholder(cell.value),
    )
    .map((cell) => ({ code: 'secret.password' as const, start: cell.start, end: cell.end }));
}

/** Password, passphrase, passcode and PIN values given after a label, or named after their value. */
// A Wi-Fi network's QR code as text ("WIFI:S:Home_5G;T:WPA;P:<password>;;"): its P field is the password; a network
// without one ("T:nopass") has none.
const WIFI_QR = /WIFI:(?:[A-Z]:(?:\\.|[^;\\])*;)*?P:((?:\\.|[^;\\])+);/g;

function wifiQrPasswords(text: string): SecretFinding[] {
  return Array.from(text.matchAll(WIFI_QR))
    .filter((m) => !isPlaceholder(m[1]!))
    .map((m) => {
      const start = m.index + m[0].length - 1 - m[1]!.length;
      return { code: 'secret.password' as const, start, end: start + m[1]!.length };
    });
}

export function detectPasswords(text: string): SecretFinding[] {
  const findings: SecretFinding[] = [
    ...valuesFirst(text),
    ...commandLinePasswords(text),
    ...tableColumnPasswords(text),
    ...wifiQrPasswords(text),
  ];
  for (const label of text.matchAll(LABEL)) {
    if (!startsLabel(text, label.index) && !COMPOUND_TAILS.has(label[0].toLowerCase())) continue;
    const finding =
      findValue(text, label.index, label[0], false) ??
      pointedValue(text, label.index + label[0].length, label[0]);
    if (finding) findings.push(finding);
  }
  for (const label of text.matchAll(CJK_LABEL)) {
    const finding =
      findValue(text, label.index, label[0], true) ??
      cjkDigitsThenCopula(text, label.index + label[0].length) ??
      cjkValueThenCopula(text, label.index + label[0].length) ??
      thaiValueAfterModifiers(text, label.index + label[0].length);
    if (finding) findings.push(finding);
  }
  return findings;
}

/** The label's paragraph after it, up to POINTER_REACH characters. */
function paragraphAfter(text: string, labelEnd: number): string {
  const after = text.slice(labelEnd, labelEnd + POINTER_REACH);
  const blank = after.search(/\n\s*\n/);
  return blank < 0 ? after : after.slice(0, blank);
}

/** A value given in a later sentence after a word that points back at the label (POINTER). */
function pointedValue(text: string, labelEnd: number, label: string): SecretFinding | null {
  const kind = labelKind(label);
  if (kind === 'passphrase' || LOOSE_LABELS.has(label.toLowerCase())) return null;
  const paragraph = paragraphAfter(text, labelEnd);
  for (const pointer of paragraph.matchAll(POINTER)) {
    const rest = paragraph.slice(pointer.index + pointer[0].length);
    // A quoted value ("Antwort: „Rosengarten#1958“", "Es «Girasol_2016»") is read inside its quotes.
    const quoted = /^[„"“«'‚‘]([^"”»'’\n]{3,64})["”»'’“]/u.exec(rest);
    const value = quoted ? quoted[1] : BARE.exec(rest)?.[0]?.replace(/[.!?:]+$/, '');
    if (value === undefined) continue;
    const offset = quoted ? 1 : 0;
    const given =
      kind === 'pin'
        ? /^\d{4,8}$/.test(value)
        : isPasswordValue(value, false, 'relative', rest.slice(value.length + 2 * offset), true);
    if (!given) continue;
    const start = labelEnd + pointer.index + pointer[0].length + offset;
    return { code: 'secret.password', start, end: start + value.length };
  }
  return null;
}

/** Four to eight digits right after a Korean or Japanese label, then a copula (CJK_DIGITS_THEN_COPULA). */
function cjkDigitsThenCopula(text: string, labelEnd: number): SecretFinding | null {
  const match = CJK_DIGITS_THEN_COPULA.exec(text.slice(labelEnd, labelEnd + 40));
  if (!match) return null;
  const start = labelEnd + match[0].indexOf(match[1]!);
  return { code: 'secret.password', start, end: start + match[1]!.length };
}

/** A random value followed by a Japanese or Korean copula within the label's paragraph (CJK_VALUE_THEN_COPULA). */
function cjkValueThenCopula(text: string, labelEnd: number): SecretFinding | null {
  const paragraph = paragraphAfter(text, labelEnd);
  const match = CJK_VALUE_THEN_COPULA.exec(paragraph);
  if (!match || isPlaceholder(match[1]!)) return null;
  const start = labelEnd + match.index;
  return { code: 'secret.password', start, end: start + match[1]!.length };
}

// Thai puts what a password is for after its label, without spaces, then the copula ("รหัสผ่านอีเมลบริษัทของฉันคือ
// Mango!2567th": the password of my company's e-mail is ...): up to forty Thai characters and Latin words ("เข้าระบบ
// HR ของพี่"), "คือ" or "เป็น", and a made-up value.
const THAI_MODIFIERS_THEN_COPULA = /^[\p{Script=Thai}A-Za-z ]{1,40}?(?:คือ|เป็น)\s*([^\s"'“”‘’]{6,64})/u;

function thaiValueAfterModifiers(text: string, labelEnd: number): SecretFinding | null {
  const match = THAI_MODIFIERS_THEN_COPULA.exec(text.slice(labelEnd));
  const value = match?.[1]?.replace(/[.,!?]+$/, '');
  if (!match || !value || !madeUp(value) || isPlaceholder(value)) return null;
  const start = labelEnd + match[0].length - match[1]!.length;
  return { code: 'secret.password', start, end: start + value.length };
}
