// Detects codes that open physical things: alarm, door, gate, garage, safe, lockbox and padlock codes and
// combinations ("the alarm code is 4521", "garage PIN 8812", "Garagentor-Code: 4711", "el código de la alarma
// es 2580", "le digicode est 4B729"). A code word alone is not enough ("zip code 94107", "error code 4521",
// "promo code SAVE20"): it must name a lock, or follow one named shortly before it in the same paragraph ("the key
// safe by the front door. The code is 2758"), and the value must be a code (digits, # and *, a letter or two).
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

const LOCKS = [
  ...[
    'alarm',
    'alarm system',
    'security system',
    'burglar alarm',
    'door',
    'front door',
    'back door',
    'main door',
  ],
  ...['entry', 'entrance', 'lobby', 'gate', 'garage', 'garage door', 'keypad', 'key pad', 'lockbox'],
  ...[
    'lock box',
    'key box',
    'keybox',
    'key safe',
    'keysafe',
    'safe',
    'locker',
    'padlock',
    'lock',
    'bike lock',
  ],
  ...['bicycle lock', 'combination lock', 'storage unit', 'mailbox', 'shed', 'vault', 'house', 'apartment'],
  ...['flat', 'office', 'elevator', 'lift', 'intercom', 'buzzer', 'door entry', 'parking', 'suitcase'],
  ...[
    'luggage',
    'briefcase',
    'cabin',
    'pool',
    'community pool',
    'basement',
    'cellar',
    'back gate',
    'side gate',
  ],
];
// "building code" (regulations) and "house number" (addresses) are why neither word is a lock or a code here.
const CODE_WORDS = ['code', 'codes', 'pin', 'pin code', 'combination', 'combo', 'passcode', 'keycode'];
// Words that are themselves code locks: the code may follow them directly ("lockbox at the Airbnb is 7391").
const CODE_LOCKS = [
  ...['lockbox', 'lock box', 'key box', 'keybox', 'key safe', 'keysafe', 'padlock', 'combination lock'],
  ...['keypad', 'digicode', 'schlüsseltresor', 'schlüsselsafe', 'zahlenschloss', 'candado', 'cadenas'],
  // German key boxes as holiday lets name them ("Code für die Schlüsselbox: 3906").
  ...['schlüsselbox', 'schlüsselkasten', 'schlüsselkassette'],
  // "the office safe is 46-19-83": a safe's value is its combination.
  'safe',
  // A SIM card's unblocking key locks the phone as a door code does ("puk kodu 84207193", "PUK ಕೋಡ್ 58203917").
  ...['puk', 'puk code', 'puk kodu', 'puk-code', 'puk kod', 'sim pin', 'puk kood', 'puk koodi', 'puk kód'],
  ...['puk कोड', 'puk ಕೋಡ್', 'puk కోడ్', 'puk কোড', 'puk கோட்', 'puk കോഡ്', 'puk કોડ', 'puk ਕੋਡ'],
];
// Other languages: a lock word inside a compound ("Garagentor-Code", "alarmcode") or a code word followed by
// "of the <lock>" ("código de la alarma", "code de la porte", "codice del cancello").
const COMPOUND =
  /(?:haus)?tür|tor|garagen(?:tor)?|alarm(?:anlagen)?|tresor|safe|schließfach|eingangs?|briefkasten|keller|zugangs|deur|poort|garage|kluis|larm|port|dörr|dør|alarm/;
// With the definite forms of Scandinavian ("larmkoden", "portkoden").
const FOREIGN_CODE_WORDS = [
  // Finnish, Estonian, Latvian, Lithuanian, Hungarian, Czech, Slovak, Slovene, Serbo-Croatian, Catalan, Basque,
  // Bulgarian ("koodilla", "kood", "kódja", "šifra", "kombinacija", "codi", "konbinazioa", "кода").
  ...[
    'koodi',
    'koodilla',
    'koodin',
    'kood',
    'koodiga',
    'kods',
    'kodas',
    'kodą',
    'kódja',
    'kód',
    'kódot',
    'kódem',
  ],
  ...[
    'kombinace',
    'kombinaci',
    'kombinacija',
    'kombinacijo',
    'šifra',
    'šifru',
    'codi',
    'konbinazioa',
    'kodea',
  ],
  ...['кода', 'кодът', 'шифра', 'şifresi', 'şifre', 'कोड'],
  // A lock then its code in Spanish and Guarani speech ("portón código ha'e ...").
  ...['código', 'codigo'],
  // Korean after a door lock ("현관 도어락 비밀번호 바꿨어. 새 번호는 091724"), with the topic particle.
  ...['비밀번호는', '번호는', '비번은'],
  'code',
  'kode',
  'kod',
  'pin',
  'zahlencode',
  'kombination',
  'combinatie',
  'kodu',
  'koden',
  'koder',
];
const FOREIGN_LOCKS = [
  // Indonesian and Malay, after their code word ("kode brankas kamar hotel: 4-9-1-7", "kode pintu depan").
  ...['brankas', 'pintu', 'gerbang', 'garasi', 'loker', 'gembok'],
  // German.
  ...[
    'haustür',
    'tür',
    'alarmanlage',
    'alarm',
    'garage',
    'garagentor',
    'tor',
    'tresor',
    'safe',
    'schließfach',
  ],
  ...['schlüsselbox', 'schlüsselkasten', 'schlüsselkassette'],
  ...['briefkasten', 'keller', 'wohnung', 'haus', 'eingang', 'gebäude', 'haustüre'],
  // Spanish, Portuguese.
  ...['alarma', 'puerta', 'portón', 'portal', 'garaje', 'cochera', 'caja fuerte', 'candado', 'edificio'],
  ...['entrada', 'casillero', 'taquilla', 'buzón', 'trastero', 'ascensor', 'alarme', 'portão', 'porta'],
  ...['garagem', 'cofre', 'cadeado', 'prédio', 'edifício', 'interfone', 'armário', 'elevador'],
  // French, Italian, Dutch, Polish, Russian.
  ...['porte', 'portail', 'coffre', 'coffre-fort', 'immeuble', 'entrée', 'casier', 'interphone', 'ascenseur'],
  ...['bâtiment', 'résidence', 'allarme', 'portone', 'cancello', 'cassaforte', 'lucchetto', 'citofono'],
  ...['palazzo', 'ingresso', 'armadietto', 'deur', 'poort', 'kluis', 'drzwi', 'bramy', 'alarmu', 'sejfu'],
  ...['domofonu', 'двери', 'домофона', 'сейфа', 'сигнализации', 'подъезда'],
  // Arabic and Hebrew: the lock follows the code word in a construct ("رمز باب", "קוד הכספת").
  ...[
    'باب',
    'الباب',
    'البوابة',
    'الخزنة',
    'المبنى',
    'הכספת',
    'הדלת',
    'השער',
    'האזעקה',
    'הבניין',
    'לדלת',
    'לכספת',
  ],
  // Ukrainian.
  ...['домофону', 'дверей', 'сейфу', 'сигналізації', "під'їзду", 'підʼїзду', 'воріт', 'хвіртки'],
  // Dutch, Vietnamese, Greek (read by the lock-nearby reading: "in het sleutelkastje naast de schuur, code 5398").
  ...['sleutelkastje', 'sleutelkluis', 'sleutelkast', 'voordeur', 'cổng', 'cửa', 'két sắt', 'hộp khóa'],
  ...['κλειδοκούτι', 'πόρτα', 'πόρτας', 'εξώπορτα', 'είσοδο', 'εισόδου', 'χρηματοκιβώτιο', 'συναγερμό'],
  // Korean.
  ...['도어락', '도어록', '현관', '현관문', '공동현관', '금고', '대문'],
  // Afrikaans ("die hek se kode").
  ...['hek', 'voordeur', 'garagedeur', 'kluis'],
  // Nordic, Baltic, Central European, Balkan, Catalan and Basque locks, with the definite and case forms a sentence
  // gives them ("nøkkelboksen", "ulko-ovi", "seifi", "zámek", "garázskapu", "kapiju", "ključavnici", "giltzarrapoaren").
  ...['nøkkelboks', 'nøkkelboksen', 'nøglebox', 'nøgleboksen', 'nyckelbox', 'nyckelboxen', 'døra', 'døren'],
  ...['ovi', 'ulko-ovi', 'oven', 'lukko', 'kassakaappi', 'seif', 'seifi', 'uks', 'ukse', 'seifs', 'seifa'],
  ...[
    'zámek',
    'zámku',
    'trezor',
    'trezoru',
    'kapu',
    'kapuk',
    'garázskapu',
    'kapukód',
    'széf',
    'kapija',
    'kapiju',
  ],
  ...[
    'kapije',
    'ključavnica',
    'ključavnici',
    'ključavnico',
    'sef',
    'sefa',
    'vrata',
    'caixeta',
    'caixeta de claus',
  ],
  ...['cadenat', 'caixa forta', 'giltzarrapo', 'giltzarrapoa', 'giltzarrapoaren', 'atea', 'atearen'],
  // Swedish definite forms ("koden till hänglåset"), Turkish ("kapı şifresi"), Hindi ("डोर कोड").
  ...['hänglås', 'hänglåset', 'skåp', 'skåpet', 'dörren', 'porten', 'kapı', 'kapının', 'kasa', 'kasanın'],
  ...['डोर', 'गेट', 'लॉकर', 'तिजोरी', 'दरवाज़े', 'दरवाजे'],
  // Finnish key safes ("mökin avainsäilön koodi"), Romanian ("codul de la interfonul blocului"), Swahili ("namba ya
  // kufungua geti").
  ...['avainsäilö', 'avainsäilön', 'avainlaatikko', 'avainlaatikon', 'avainboksi', 'avainboksin'],
  ...['interfon', 'interfonul', 'interfonului', 'ușa', 'ușii', 'poarta', 'porții', 'seiful', 'seifului'],
  ...['alarmei', 'lacăt', 'lacătul', 'lacătului', 'geti', 'lango', 'mlango', 'kufuli', 'sefu'],
  // Turkish lockers ("dolap kodu"), Macedonian and Serbian doors ("кодот за гаражната врата").
  ...['dolap', 'dolabı', 'dolabın', 'врата', 'вратата', 'гаражната', 'капија', 'капијата', 'сефот'],
  // German driveways and car parks said as their own word ("Tiefgarage Hofeinfahrt Code ...").
  ...['tiefgarage', 'einfahrt', 'hofeinfahrt', 'garageneinfahrt', 'hoftor'],
  // Latvian alarms ("Signalizācijas kods"), Slovene key boxes ("Koda za škatlico s ključi").
  ...['signalizācija', 'signalizācijas', 'škatlica', 'škatlico', 'škatlice', 'omarica'],
];
// Thai writes no spaces between words: its lock words are read wherever they stand ("รหัสเข้าประตูคอนโด").
const UNSPACED_LOCKS = ['ประตู', 'ตู้เซฟ', 'เซฟ', 'กันขโมย', 'คอนโด', 'กุญแจ', 'ล็อก', 'ล็อค'];
const FOREIGN_CODE_NOUNS = [
  ...['kode', 'código', 'clave', 'combinación', 'senha', 'combinação', 'code', 'combinaison', 'codice'],
  ...[
    'combinazione',
    'code',
    'kod',
    'код',
    'pin',
    'رمز',
    'كود',
    // "رقم الخزنة": the safe's number is its combination.
    'رقم',
    // "Šifra za kapiju", "kombinacija na ključavnici", "Kombinace na zámek".
    ...['šifra', 'kombinace', 'kombinacija', 'kood', 'koodi', 'kód', 'codi', 'kodas', 'kods'],
    'קוד',
    'mật mã',
    'mã số',
    'mã',
    'κωδικό',
    'κωδικός',
    'codul',
    'namba',
    'nambari',
    'кодот',
    'koda',
  ],
];
const FOREIGN_OF = [
  'de la',
  'del',
  'de',
  'de mi',
  'do',
  'da',
  'du',
  "de l'",
  "d'",
  "dell'",
  'della',
  'dello',
];
const FOREIGN_OF_2 = ['di', 'van de', 'van het', 'für die', 'für das', 'für den', 'der', 'des', 'vom', 'zur'];
const FOREIGN_OF_3 = [
  'zum',
  'do',
  'od',
  'от',
  'для',
  'de la',
  'від',
  'до',
  'na',
  'za',
  'за',
  'till',
  'til',
  'का',
  'ya',
];

const VERBS = VALUE_VERBS;
const LOCK = phrasePattern(LOCKS);
const CODE = phrasePattern(CODE_WORDS);
const OF = phrasePattern([...FOREIGN_OF, ...FOREIGN_OF_2, ...FOREIGN_OF_3]);
const LABELS = new RegExp(
  `(?:${[
    // "alarm code", "garage PIN", "safe combination", "bike lock combination", "gate 🔑 code".
    `(?:${LOCK})[\\s\\p{Extended_Pictographic}\\uFE0F-]*(?:${CODE})`,
    // "code for the garage", "combination to the safe", "PIN for the alarm", "code to get into the building".
    `(?:${CODE})\\s+(?:for|to|of|on|at)\\s+(?:[\\p{L}'’-]+\\s+){0,4}?(?:${LOCK})`,
    `(?:${phrasePattern(CODE_LOCKS)})`,
    // "Garagentor-Code", "Türcode", "alarmcode", "deurcode", "larmkod".
    // The prefix is bounded and Latin: an unbounded \p{L}* re-scans a long run of letters (CJK text has no
    // spaces) from every position, which took 0.9 s on 8000 characters.
    `\\p{Script=Latin}{0,24}(?:${COMPOUND.source})[-]?(?:${phrasePattern(FOREIGN_CODE_WORDS)})`,
    // "código de la alarma", "code de la porte", "codice del cancello", "Code für die Haustür"; Arabic and Hebrew
    // put the lock straight after the code word ("رمز باب", "קוד הכספת").
    `(?:${phrasePattern(FOREIGN_CODE_NOUNS)})\\s*(?:(?:${OF})\\s*)?(?:[\\p{L}'’-]+\\s+)?(?:${phrasePattern(FOREIGN_LOCKS)})`,
    '(?:disarm(?:\\s+the\\s+alarm)?|entsch[äa]rfen)\\s+(?:with|using|mit)',
    // Afrikaans puts the lock first, with "se" ("die hek se kode is 1973*"); Hungarian, Estonian and Basque put it
    // first in the genitive ("garázskapu kódja", "seifi kood", "giltzarrapoaren konbinazioa 847 da").
    `(?:${phrasePattern(FOREIGN_LOCKS)})\\s+se\\s+(?:kode|code|pin|kombinasie)`,
    `(?:${phrasePattern(FOREIGN_LOCKS)})\\s+(?:${phrasePattern(FOREIGN_CODE_WORDS)})`,
    // Nordic "the alarm is switched off with 7391".
    '(?:slås|slår\\s+du|stängs|skrus)\\s+(?:fra|av|ifrån)\\s+med|(?:deaktiveres|deaktiveras|avaktiveres)\\s+med',
  ]
    .map((p) => `(?:${p})`)
    .join('|')})(?![\\p{L}])`,
  'giu',
);
// Between the label and the code: a short phrase naming where ("at mum's house", "of the building", "d'entrée de
// l'immeuble"), up to eight words before a colon ("Kod do bramy garażowej: ...", "Code für die Haustür bei meiner
// Oma in Freiburg: ...") or a short relative clause before its verb ("the alarm code the landlord gave us is"), an
// aside in brackets ("at Maria's place (the one behind the garage, not the front door) is"), up to eight words before
// a verb and the code's digits ("Portkoden till vår nya lägenhet på Södermalm är 5102"), then a colon, a copula
// or nothing; the lookahead makes the phrase stretch until a code follows.
const SEPARATOR = new RegExp(
  `^(?:\\s+(?:(?:at|for|of|on|in|to|from|an|am|im|der|des|de|du|da|do|en|für|del|della|dello|di|dei|al|od|na|za|اللي|اللى|الذي|التي|في)\\s+|(?:d|l|dell)['’])(?:(?![\\d#*])[^\\s:：=.!?,;]+\\s+){0,3}?(?![\\d#*])[^\\s:：=.!?,;]+|(?:\\s+(?![\\d#*])[^\\s:：=.!?,;]+){1,8}?(?=\\s+(?:${VERBS})\\s+[#*]?\\d)|(?:\\s+[\\p{L}'’-]+){1,8}(?=\\s*(?:\\([^()\\n]{1,80}\\)\\s*)?[:：])|(?:\\s+[^\\s:：=.!?,;]+){1,4}?(?=\\s+(?:${UNAMBIGUOUS_VALUE_VERBS})(?![\\p{L}]))|${RELATIVE_CLAUSE}(?=\\s+(?:${UNAMBIGUOUS_VALUE_VERBS})(?![\\p{L}])))?(?:\\s*\\([^()\\n]{1,160}\\))?(?:\\s*[:：=]|\\s+(?:${VERBS})(?![\\p{L}])|\\s+-)?(?:\\s*\\([^()\\n]{1,80}\\)\\s*[:：]?)?(?:\\s*\\n[ \\t]*>+)?\\s*(?=["']?[#*]?(?:[A-Z](?=\\d{3}))?\\d)`,
  'iu',
);
// Digits with #, * or a letter ("4B729", "1984#", "#5521", "24-36-12", "3-1-4-1", "5 - 0 - 3 - 2").
// A French digicode may open with its letter ("B4729"): a capital counts before three digits.
const VALUE = /^[#*]?(?:[A-Z](?=\d{3}))?\d(?:(?: ?[-–·•] ?| )?[\dA-Z#*]){2,9}(?![\p{L}\d])/u;

// "zip code for the new office is 94110": a code word after one of these is not a lock's.
const PUBLIC_CODE_BEFORE = new RegExp(`(?:^|[^\\p{L}])(?:${phrasePattern(PUBLIC_CODE_KINDS)})[\\s-]*$`, 'iu');

// A code word on its own ("The code is 2758", "has a new code: 3917", "abre com o código 7193#"), counted only when a
// lock was named shortly before it in the same paragraph ("the keys are in the grey key safe to the left of the
// front door. The code is 2758"): notices and messages name the lock, then give its code in the next clause.
const BARE_CODE = new RegExp(
  `(?:${phrasePattern([...CODE_WORDS, ...FOREIGN_CODE_WORDS, ...FOREIGN_CODE_NOUNS])})(?![\\p{L}])`,
  'giu',
);
// Thai: the code word, a lock glued after it, then the digits ("รหัสตู้เซฟหลังร้าน 7 0 3 8 5").
const THAI_LOCK_CODE = new RegExp(
  `รหัส[^\\d\\n]{0,12}?(?:${phrasePattern(UNSPACED_LOCKS)})[^\\d\\n]{0,24}?(\\d(?: ?\\d){3,7})(?![ ]?\\d)`,
  'gu',
);
// Chinese and Japanese: a lock, then its code word a few characters on, then the digits ("大廈閘門密碼係 4719#",
// "コインロッカーの暗証番号 8204"). Unspaced, like Thai.
const CJK_LOCKS = [
  '閘門',
  '闸门',
  '大門',
  '大门',
  '門禁',
  '门禁',
  '保險箱',
  '保险箱',
  '夾萬',
  '儲物櫃',
  '储物柜',
];
const CJK_LOCKS_JA = [
  'ロッカー',
  '金庫',
  'オートロック',
  '玄関',
  '南京錠',
  'キーボックス',
  '宅配ボックス',
  'スマートロック',
  'テンキー',
];
// A lock named before a code: a word of its own in spaced scripts; anywhere in Thai, Chinese and Japanese, which
// write no spaces ("実家のマンションのオートロックの暗証番号、…。5091＃で開くよ").
const LOCK_NEARBY = new RegExp(
  `(?:^|[^\\p{L}])(?:${phrasePattern([...LOCKS, ...CODE_LOCKS, ...FOREIGN_LOCKS])})(?![\\p{L}])|${phrasePattern([...UNSPACED_LOCKS, ...CJK_LOCKS, ...CJK_LOCKS_JA])}`,
  'iu',
);
// Korean: a door lock, its password ("비밀번호", "비번") with a particle, a few words, then the digits, a star or a
// hash perhaps said first ("도어락 비밀번호 7194로 바꿨어", "공동현관 비번 별표 2 4 1 3 샵").
const KO_LOCK_CODE =
  /(?:도어락|도어록|공동현관|현관문|현관|대문|금고)\s*[^\d\n]{0,6}?(?:비밀번호|비번)(?:가|는|은|를|을)?[^\d\n]{0,24}?(\d(?: ?\d){3,7})(?![ ]?\d)/gu;
const CJK_CODE_WORDS = ['密碼', '密码', '暗証番号', '暗証', '暗号', '番号', '號碼', '号码'];
const CJK_LOCK_CODE = new RegExp(
  `(?:${phrasePattern([...CJK_LOCKS, ...CJK_LOCKS_JA])})[^\\d\\n]{0,8}?(?:${phrasePattern(CJK_CODE_WORDS)})[^\\d\\n\\p{L}]{0,3}(?:係|系|是|は|を|为|為)?[:：\\s]*(\\d(?: ?\\d){3,7}#?)(?![ ]?\\d)`,
  'gu',
);
// A code as typed on a keypad, ending in # or its full-width form ("6505#", "*2139#", "กด 0738#", "5091＃で開くよ"): with
// a lock named shortly before it, it
// is that lock's code whatever words lead to it. Four to eight digits: a phone's service codes ("*123#") have three.
// Japanese and Chinese glue their particles to it ("5091＃で開く").
// A keypad's # or * may open it too ("gate: #4826*"); the lock may be named just after it ("2468# (kod do
// domofonu)").
const KEYPAD_ENTRY =
  /(?<![\p{L}\p{N}#*＃])(?:[*#]\d{4,8}[#＃*]|\*?\d{4,8}[#＃])(?!(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])[\p{L}\p{N}#*＃])/gu;
// A code and what it does to the lock ("6248 disarms it", "4417 opens the side gate"): with a lock named shortly
// before it (or in what it opens), a code whatever words lead to it.
const CODE_THEN_ACTION =
  /(?<![\p{L}\p{N}#*＃.,/:-])(\d{4,8})[#＃]?\s+(?:disarms|arms|unlocks|opens|deactivates|turns\s+off|switches\s+off|disables)(?![\p{L}])/giu;
// The action first, then the code it takes ("garage opens with 8 3 1 9 then the hash key", "the alarm disarms with
// 4-4-1-7"): the same, in the other order.
const ACTION_THEN_CODE =
  /(?<![\p{L}])(?:disarms|unlocks|opens|deactivates|turns\s+off|switches\s+off)\s+(?:with|using)\s+(?:the\s+)?(?:code\s+|pin\s+)?(\d(?:(?: ?- ?| )?\d){3,7})(?![\d.,/:])/giu;
/** How far before a bare code word its lock may be named. */
const LOCK_CONTEXT = 120;
// Codes that name what they are, not a lock's: "booking code", "tracking code", "product code" (and the public ones).
const OTHER_CODE_BEFORE = new RegExp(
  `(?:^|[^\\p{L}])(?:${phrasePattern([...PUBLIC_CODE_KINDS, ...NAMED_CODE_KINDS, 'verification'])})[\\s-]*$`,
  'iu',
);

/** The code given after a label, or null: a separator, then a value with at least `minDigits` digits. */
function codeAfter(text: string, labelEnd: number, minDigits: number): SecretFinding | null {
  const tail = text.slice(labelEnd, labelEnd + 240);
  const separator = SEPARATOR.exec(tail);
  if (!separator) return null;
  // A quoted value ("code: \"2206\"" in a configuration file) is read inside its quotes.
  const quote = /^["']/.exec(tail.slice(separator[0].length))?.[0] ?? '';
  const rest = tail.slice(separator[0].length + quote.length);
  const value = VALUE.exec(rest)?.[0]?.trimEnd();
  if (value === undefined || value.replace(/\D/g, '').length < minDigits) return null;
  if (quote !== '' && !rest.slice(value.length).startsWith(quote)) return null;
  if (UNITS.test(rest.slice(value.length))) return null;
  const start = labelEnd + separator[0].length + quote.length;
  return { code: 'secret.access_code', start, end: start + value.length };
}

/** Alarm, door, gate, safe, lockbox and padlock codes and combinations. */
export function detectAccessCodes(text: string): SecretFinding[] {
  const findings: SecretFinding[] = [];
  for (const label of text.matchAll(LABELS)) {
    if (!startsLabel(text, label.index)) continue;
    if (PUBLIC_CODE_BEFORE.test(text.slice(Math.max(0, label.index - 16), label.index))) continue;
    const finding = codeAfter(text, label.index + label[0].length, 3);
    if (finding) findings.push(finding);
  }
  for (const word of text.matchAll(BARE_CODE)) {
    if (!startsLabel(text, word.index)) continue;
    const before = text.slice(Math.max(0, word.index - LOCK_CONTEXT), word.index);
    const paragraph = before.slice(before.lastIndexOf('\n\n') + 1);
    if (!LOCK_NEARBY.test(paragraph) || OTHER_CODE_BEFORE.test(before.slice(-24))) continue;
    const finding = codeAfter(text, word.index + word[0].length, 4);
    if (finding && !findings.some((f) => f.start < finding.end && finding.start < f.end))
      findings.push(finding);
  }
  for (const match of [
    ...text.matchAll(THAI_LOCK_CODE),
    ...text.matchAll(CJK_LOCK_CODE),
    ...text.matchAll(KO_LOCK_CODE),
  ]) {
    const start = match.index + match[0].length - match[1]!.length;
    findings.push({ code: 'secret.access_code', start, end: match.index + match[0].length });
  }
  const lockNamedBefore = (at: number, after: string, from: number) => {
    const before = text.slice(Math.max(from, at - LOCK_CONTEXT), at);
    return LOCK_NEARBY.test(before.slice(before.lastIndexOf('\n\n') + 1)) || LOCK_NEARBY.test(after);
  };
  const entries = [
    ...Array.from(text.matchAll(KEYPAD_ENTRY), (m) => ({
      index: m.index,
      value: m[0],
      after: text.slice(m.index + m[0].length, m.index + m[0].length + 40),
      sentence: false,
    })),
    ...Array.from(text.matchAll(ACTION_THEN_CODE), (m) => ({
      index: m.index + m[0].length - m[1]!.length,
      value: m[1]!,
      after: '',
      sentence: true,
    })),
    ...Array.from(text.matchAll(CODE_THEN_ACTION), (m) => ({
      index: m.index,
      value: m[1]!,
      after: text.slice(m.index + m[0].length, m.index + m[0].length + 40),
      sentence: true,
    })),
  ];
  for (const { index, value, after, sentence } of entries) {
    // A code's action names its lock in its own sentence ("the garage is big. Version 2024 unlocks..." is no code).
    const start = sentence ? text.slice(0, index).search(/[^.!?\n]*$/) : 0;
    if (!lockNamedBefore(index, after, start)) continue;
    const finding = { code: 'secret.access_code' as const, start: index, end: index + value.length };
    if (!findings.some((f) => f.start < finding.end && finding.start < f.end)) findings.push(finding);
  }
  return findings;
}
