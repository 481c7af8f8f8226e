// Measures the write gate on the labelled corpus (detection per kind, per origin and per language, false
// positives, redactions, injection flags) and its speed, prints the figures and writes docs/benchmarks/gate.json
// and gate.md. Run: npx tsx scripts/gate-report.ts [--locomo path/to/locomo-dev.json]
// With --locomo, every dialogue turn of that LoCoMo file also goes through the gate as real chat text with no
// secrets in it (the file is read, never copied).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { parseLocomo, turnText } from '../src/eval/locomo/dataset.ts';
import {
  DEFAULT_PII_POLICY,
  DETECTION_CODES,
  detectInjection,
  detectPii,
  detectSecrets,
} from '../src/gate/index.ts';
import { spellOutDigits } from '../src/gate/spoken-digits.ts';
import { buildCorpus, type CaseOrigin, CORPUS_SEED } from '../test/gate/corpus/index.ts';
import {
  type CorpusFigures,
  evaluateCorpusText,
  measureCorpus,
  type Rate,
} from '../test/gate/corpus/measure.ts';

const OUT_DIR = new URL('../docs/benchmarks/', import.meta.url);

/**
 * The held-out sets' first runs: each set was measured once before any change it prompted, and those figures are
 * kept because later runs include the fixes. The misses then prompted general readings, tested on new
 * hand-written cases, so no set is unseen text after its first run.
 */
interface FirstRun {
  origin: CaseOrigin;
  /** What the set is and who wrote it. */
  title: string;
  secrets: { total: number; rejected: number };
  benign: { total: number; rejected: number };
  /** What the first run missed or refused, and what became of it. */
  note: string;
}

const FIRST_RUNS: readonly FirstRun[] = [
  {
    // test/gate/corpus/held-out.ts, written after the first tuning.
    origin: 'held-out',
    title: 'First held-out set (held-out)',
    secrets: { total: 35, rejected: 30 },
    benign: { total: 60, rejected: 0 },
    note:
      'misses: "pass X" shorthand, an alarm code, a French phrasing, a card after "for the booking:", a PuTTY ' +
      'key with its public lines; one case carried a malformed npm token (37 chars) and was corrected',
  },
  {
    // test/gate/corpus/held-out-new-kinds.ts, written before the detectors for its kinds existed.
    origin: 'held-out-new',
    title: 'Second held-out set (held-out-new: new kinds, passwords in 15 languages, identifiers)',
    secrets: { total: 122, rejected: 116 },
    benign: { total: 84, rejected: 0 },
    note:
      'misses: a colon after the copula ("password è: ..."), a Greek possessive between label and verb, a ' +
      'login/password pair with no password label, "OTP for the bank app:" (a three-word phrase), a relative ' +
      'clause ("passcode they texted me was ..."), "CPF do titular:" (a phrase between label and value)' +
      ', each now read by a general rule (2026-12-02). The first two sets were written by the engineers who ' +
      'wrote the detectors, so text written by someone else does worse (the next two)',
  },
  {
    // test/gate/corpus/held-out-independent.ts: written by a separate session that never saw the detectors,
    // this corpus or its reports.
    origin: 'held-out-third',
    title:
      'Third held-out set (held-out-third: end users in chat, 18 languages, written by a separate session that ' +
      'never saw the detectors or this corpus)',
    secrets: { total: 119, rejected: 99 },
    benign: { total: 110, rejected: 0 },
    note:
      'misses: arrows as separators ("passwd for the NAS admin acct -> ...", "client_secret for the app I\'m ' +
      'building -> ..."), a value typed onto a Chinese label ("密码mathisfun22"), labels in Arabic, Dutch ' +
      '("wachtzin"), Polish ("Kod do bramy garażowej:"), Hindi (आधार; "password hai ..."), a French elided phrase ' +
      '("code de la porte d\'entrée de l\'immeuble :"), four Vietnamese words before an OTP\'s colon, "bearer" ' +
      'alone, a German passport number with four digits. Still missed (no general reading found): a password ' +
      'named before "is what I use for the printer admin page", "set my laptop login to ...", a lockbox code as ' +
      'separate digits ' +
      'after other words, a Turkish safe code with no separator ("kasanın şifresi 7731"), a passphrase after ' +
      '"locked with", an SSN after "social". "The code Chase just texted me is 615 204" was read later, by the ' +
      'fourth set\'s "code they texted me"',
  },
  {
    origin: 'held-out-fourth',
    title:
      'Fourth held-out set (held-out-fourth: written the same way; most secrets from agents and developers: ' +
      'tool-call summaries, terminal output, config files, forwarded messages; benign mostly technical)',
    secrets: { total: 120, rejected: 100 },
    benign: { total: 120, rejected: 4 },
    note:
      'misses, now read: a MySQL -p password on a command line, a misspelt label ("pasword"), a passphrase ' +
      'before a bracket, a code "they texted me", a PIN in Devanagari, an Aadhaar number under a JSON key, an ' +
      'Indian PAN, "numéro de sécu", an Arabic passport label, a Ukrainian door code, a wallet key with a ' +
      "bracket after its label; benign refused, now stored: Stripe's test card said to be one, a password read " +
      'by "$(op read ...)", a YAML key on the next line read as a value. The fourth, AWS\'s documented EXAMPLE ' +
      'keys, is still refused (people and test suites paste them for real keys) and was taken out of the set ' +
      '(its author had flagged it as ambiguous before the run), which now has 119 benign cases. Still ' +
      'missed: a key passed to from_key() in code, a Terraform variable default, a passport number nested in ' +
      'JSON, a card number broken over lines, an SSN far from its label, a password on the lines after its ' +
      'label. Read later the same day: a passport number in two groups, a lockbox code after an emoji, a card ' +
      'PIN typed digit by digit',
  },
  {
    origin: 'held-out-fifth',
    title:
      'Fifth held-out set (held-out-fifth: written the same way; most cases phrased as an extractor or an agent ' +
      'stores memories: third person, JSON memory objects, bullet lists, summaries of a turn; 22 languages)',
    secrets: { total: 110, rejected: 98 },
    benign: { total: 110, rejected: 0 },
    note:
      'misses, now read: a phrase of six words naming whose it is ("La contraseña del Wi-Fi de la casa del ' +
      'usuario es ..."), French "c\'est", a Turkish genitive label, a Greek passphrase label, an Italian phrase ' +
      'before a gate code, "my social", a particle glued to a Korean label, words naming the owner before an ' +
      'identifier\'s colon ("PESEL użytkownika:"); and SQL Server connection strings ("Server=...;Password=...;"), ' +
      'which all three independent sets held and which were caught as passwords, now under their own code. Read ' +
      'later the same day: the Thai OTP, the Arabic and Hebrew door codes (a lock right after the code word, a ' +
      'pronoun as the copula, a few words before it)',
  },
  {
    origin: 'held-out-sixth',
    title:
      'Sixth held-out set (held-out-sixth: written the same way; text from other channels: voice transcripts with ' +
      'numbers said as words, OCR, form submissions, reminders, mixed-language messages)',
    secrets: { total: 70, rejected: 56 },
    benign: { total: 70, rejected: 1 },
    note:
      'misses, now read: numbers said aloud (eight cases: "my bank pin is four four seven one", a card, an SSN, ' +
      'a passport number, OTPs, in English, Portuguese, Italian and Taglish; the detectors now also read a view ' +
      'of the text with every run of four or more digit words as digits), a Tagalog phrase after a PIN label; ' +
      'benign refused, now stored: "zip code for the new office is 94110" (a lock word after a postal code). ' +
      'Still missed: a password of three words said with "all one word", a passport\'s machine-readable zone, a ' +
      'gate code in Taglish with no verb, an Indonesian password with no verb, a Korean door-lock code. The ' +
      "machine-readable zone was read after the eighth set's",
  },
  {
    origin: 'held-out-seventh',
    title:
      'Seventh held-out set (held-out-seventh: written the same way; end users of consumer chat apps in 19 ' +
      'languages: support chats, family chats, bookings, health, HR, deliveries, crypto)',
    secrets: { total: 100, rejected: 66 },
    benign: { total: 100, rejected: 0 },
    note:
      "the lowest first run: national identifiers named in the user's own language (DNI, CURP, numéro de sécu, " +
      'Steuer-ID, TC kimlik, NIK KTP, CCCD, マイナンバー, 身分證字號, کد ملی, kitambulisho), cards of national schemes (Elo, ' +
      'Troy, Mir), OTPs and PINs in Arabic, Indonesian, Vietnamese, Swahili, Persian (Persian digits), Russian and ' +
      'Polish (BLIK), a lock combination, passports in French and German. Now read: up to eight words before an ' +
      'identifier\'s colon unless the last names another number ("confirmation:", "booking ref:"), two before a ' +
      'copula, an article after one ("c\'est le"); Swahili, Persian, Vietnamese and Malay copulas; labels in Arabic, ' +
      'Persian, Indonesian, Vietnamese and Swahili; a number within 100 characters after an identifier label whose ' +
      'national check digits hold (Turkish kimlik, German Steuer-ID, Aadhaar, Saudi ID, Iranian national code, My ' +
      'Number); Mir, Troy, Elo, Hipercard, RuPay, Verve, UzCard and Humo card prefixes; one-time codes after who ' +
      'sent them ("dari Tokopedia", "от Госуслуг"), an arrow or a dash, or words before a copula, BLIK codes; a PIN ' +
      'or password a few words before a Vietnamese, Malay, Swahili or Arabic copula (then only a random value or ' +
      'a 4-8 digit code), "is actually". Still missed: a PIN with no verb ("PIN m-banking BCA aku 739105"), a ' +
      'Persian PIN in Persian digits, an Arabic gate code and a Korean door-lock code with no verb, an SSN in the ' +
      'sentence after its label, a CURP behind nine words, a code given in the turn after the assistant asked for ' +
      'it. The lock combination ("gym locker #214, combo 27-09-33") was read after the ninth set',
  },
  {
    origin: 'held-out-eighth',
    title:
      'Eighth held-out set (held-out-eighth: written the same way; what coding and ops agents save: config and ' +
      'env files, CLI commands, code, CI logs, exports, current vendor token formats)',
    secrets: { total: 100, rejected: 93 },
    benign: { total: 100, rejected: 5 },
    note:
      "misses: PGPASSWORD= before a command, a Postman collection's bearer value, a Notion ntn_ token, a wallet key " +
      "in a Hardhat accounts array, a Django SECRET_KEY, a passport number in a CSV column, a passport's MRZ; " +
      "benign refused: a README's documented placeholder password, an .env.example with x-filled keys, a Secrets " +
      "Manager ARN, a Stripe test card, Slack's documented placeholder webhook. All now read: a client's password " +
      "variable (PGPASSWORD, MYSQL_PWD), an exported collection's bearer value, Notion tokens of 44-50 characters, " +
      "a Hardhat/Truffle accounts array, a quoted key with punctuation, a table's passport column, a machine-readable " +
      'zone by its check digits; a key filled in with one repeated character, "changeme", an ARN, Stripe\'s 3D ' +
      'Secure test cards; and two Azure key names (Ocp-Apim-Subscription-Key, a storage account key)',
  },
  {
    origin: 'held-out-ninth',
    title:
      'Ninth held-out set (held-out-ninth: written the same way; longer texts of 250-1,500 characters: e-mails with ' +
      'signatures and quoted replies, forwarded notifications, meeting notes, helpdesk tickets, itineraries; each ' +
      'secret among ordinary numbers; 22 languages)',
    secrets: { total: 80, rejected: 57 },
    benign: { total: 80, rejected: 0 },
    note:
      'misses: access codes in notices and messages (nine of them, in English, Portuguese, Dutch, Korean, ' +
      'Vietnamese, Greek: a code on the line after its label, a code in bold), one-time codes in forwarded SMS ' +
      '(Spanish, Arabic, Thai), passwords in notes and to-do lists (Ukrainian, Hebrew, Thai), national ids in ' +
      'Ukrainian, Hebrew and an English e-mail, passports in Japanese and Greek, a passphrase, a seed phrase in a ' +
      'diary. Now read: a code word on its own ("The code is 2758", "has a new code: 3917", "abre com o código") ' +
      'when a lock was named up to 120 characters before it in the same paragraph, unless the code names what it is ' +
      '("booking code", "tracking code"; "your booking code is ..." is no longer read as a one-time code either); ' +
      'Dutch, Vietnamese and Greek lock and code words; a one-time code in markdown bold on the line after its ' +
      'label; a UK National Insurance number by its shape a sentence after its label; labels and phrasings in ' +
      'Ukrainian ("пароль змінено на", РНОКПП), Hebrew (סיסמה, תעודת זהות), Arabic (رمز التحقق), Japanese (旅券番号) and ' +
      "Greek (διαβατηρίου); up to three naming words before a password's colon (a random value only); an alias in " +
      'brackets after an identifier label. Still missed (7): Thai codes (no spaces between words), a Korean ' +
      'building code changed "to" a value, a login written "admin / password", a passphrase and a seed phrase on ' +
      'the lines after their labels, a forwarded Spanish SMS with a long phrase before its copula',
  },
  {
    origin: 'held-out-tenth',
    title:
      'Tenth held-out set (held-out-tenth: written the same way; structured and semi-structured text in 21 ' +
      'languages: CSV, TSV and markdown tables, JSON and YAML payloads, query strings, log lines, OCR of cards and ' +
      'documents, voice transcripts, native digit systems, values away from their labels)',
    secrets: { total: 100, rejected: 68 },
    benign: { total: 100, rejected: 2 },
    note:
      'misses: numbers in Arabic-Indic, Persian, Devanagari, Thai and full-width digits (seven), table cells ' +
      '(a browser password export, TSV rows whose tabs the stored text turns into spaces, a card in a CSV cell ' +
      'between commas, markdown table cells), keypad codes ending in # ("*2139#", "6505#"), a quoted YAML alarm ' +
      'code, digits read out with pauses ("one zero zero, uh, seven eight"), a BSN, a NIR, a PESEL and a Thai ID ' +
      'away from their labels, "código do WhatsApp: 291-339", a JSON key "passport_number", a Vietnamese passport ' +
      'label, a wallet key on the line after "private key"; benign refused: a receipt\'s card authorisation code, ' +
      '"YOUR_PASSWORD_HERE". Now read: every script\'s decimal digits and full-width forms as ASCII digits, the text ' +
      "as sent with its tabs, records' keys as words (detection-views.ts); table cells under a password, card or " +
      'passport header (table-cells.ts); a keypad entry ending in # with a lock named before it (Korean and Thai ' +
      'lock words too); a quoted code; a code after an aside in brackets; digits separated by " - "; pauses ' +
      'between spoken digits and Russian and Ukrainian digit words; Dutch, French, Polish and Thai check digits ' +
      'near their labels (up to 120 characters after, 100 before); a code named by its sender ("code from ...", ' +
      '"código do WhatsApp"); a 64-hex key up to a line after "private key"; a receipt\'s authorisation code and ' +
      'instructions in a placeholder ("YOUR_PASSWORD_HERE") are no longer refused. Still missed (7): a password ' +
      'read out with pauses and spelled twice, a Persian password given as "the new one is this", a Hindi password ' +
      "on the line after a sentence, an SSN in the caller's next turn, an unaccented Vietnamese OTP, an Italian " +
      "passport's OCR columns, and an Aadhaar whose Verhoeff digit is wrong (the set's own error)",
  },
  {
    origin: 'held-out-eleventh',
    title:
      'Eleventh held-out set (held-out-eleventh: written the same way; small businesses and their staff in 22 ' +
      'languages: team chats of restaurants, shops, clinics, salons, warehouses, cleaning firms and landlords, ' +
      'shift handovers, notes for a new hire, the boss forwarding to an assistant, payroll and customer details)',
    secrets: { total: 100, rejected: 76 },
    benign: { total: 100, rejected: 1 },
    note:
      'misses: passwords after a few words and a colon in Ukrainian, Arabic, Persian, Indonesian, Vietnamese, ' +
      'Korean and Thai (letters with combining marks and the Persian half-space broke the words between label and ' +
      'colon; Korean and Thai labels read no words at all), a Chinese password after a space, Persian and Hindi ' +
      'password labels, one-time codes after their sender and several words ("dari GoBiz masuk ke HP kasir:", ' +
      '"من تطبيق طلبات على جوال المحل:", "el código de Glovo Partners al móvil de la tienda:"), "texted a code to ' +
      'my phone:", Japanese and Korean phrasings ("認証コードが届きました：", "인증번호 왔어요 →"), lock codes ("the office ' +
      'safe is 46-19-83", Swedish "Larmkoden", Vietnamese "Mã khóa cửa kho sau:", a Thai safe), a Greek ΑΦΜ, a ' +
      'passport series with a space, a Mercado Pago token; benign refused: the blank of a form, "NI number: XX 00 ' +
      '00 00 X". Now read: up to five words before the colon after a password label (a random value only), marks ' +
      'and half-spaces in them, after Korean and Thai labels too; Persian and Hindi labels; a from-phrase up to a ' +
      'colon, six words before a colon or an arrow, CJK text glued before a colon; "sent/texted a code"; a sender ' +
      'after "de" with a capital; the value of a safe; Scandinavian definite code words; Vietnamese "mã" before a ' +
      'lock; Thai code-lock-digits; Greek ΑΦΜ check digits; "FK 714392"; Mercado Pago access tokens; blanks of X ' +
      'and 0 are no identifier. Still missed (1): "senha eletrônica 739015" in a bank app note (a PIN after an ' +
      'adjective, no colon)',
  },
  {
    origin: 'held-out-twelfth',
    title:
      'Twelfth held-out set (held-out-twelfth: written the same way; people dealing with health care, insurance, ' +
      'tax, banks, lawyers, immigration and government services in 27 languages: forms filled in for family, notes ' +
      'for an assistant, summaries of calls, copied portal messages, letters retyped from paper)',
    secrets: { total: 100, rejected: 75 },
    benign: { total: 100, rejected: 0 },
    note:
      'misses: national numbers a few words from their labels that the gate had no check for (US SSN, Canadian ' +
      'SIN, Australian TFN, Spanish DNI, Brazilian CPF, Portuguese NIF, Belgian national register number, Czech ' +
      'birth number, Romanian CNP, Israeli ID, Pakistani CNIC, Indonesian NIK), a Thai label glued to the word ' +
      'before it, Persian and Urdu passport labels, a Bengali NID label and PIN, a card with its expiry right ' +
      'after it, codes followed by their sender ("код 720446 от Госуслуг") or texted for a login, a Thai OTP whose ' +
      'separator reading ran past the code to "(Ref:", a German "fürs". Now read: each of those numbers by its ' +
      'check digits (or shape) up to 120 characters after its own labels, SSN and CPF under their own classes; ' +
      'Thai labels without word boundaries; the labels; an expiry after a card; code-then-sender and "texted me ' +
      'N for the login"; no digits or brackets among the words before a one-time code\'s colon. Still missed ' +
      '(2): an SSN 140 characters after its label, an Italian "codice SPID arrivato adesso:"',
  },
  {
    origin: 'held-out-thirteenth',
    title:
      'Thirteenth held-out set (held-out-thirteenth: written the same way; quick phone messages from teenagers, ' +
      'gamers, older adults and non-native speakers in Africa, the Middle East, East and Southeast Asia, Latin ' +
      'America and Eastern Europe, 23 languages: slang, code-switching, spaced or split values, replies)',
    secrets: { total: 100, rejected: 57 },
    benign: { total: 100, rejected: 0 },
    note:
      'misses: identifiers with a possessive or a copula after the label ("BVN mi ni", "SS number ko", "снилс ' +
      'мой", "الرقم القومي بتاعي", "my NIN na") and labels the gate lacked (NIN, BVN, NRIC, HKID, Emirates ID, ' +
      'CUIL, Malaysian IC, carte nationale, Egyptian national number, Arabic and Persian "my ID"), a South African ' +
      'ID after "ID no. so here it is", passports typed in groups or one character at a time and named in Hausa, ' +
      'Ukrainian and spoken Arabic, codes that "came" (geldi, sampai, 届いた, прийшов) or with how long they last, ' +
      'lock codes in Chinese, Japanese, Arabic and Afrikaans and a SIM PUK, cards in dotted groups or over two ' +
      'lines, an IBAN wrapped onto a second line, a hex key named "개인키", Vietnamese "mk", Persian "رمز", Malay ' +
      '"frasa laluan", Arabizi "bta3 ... howa", an SSN typed digit by digit after "mi social". Three case labels ' +
      'were corrected before the run (a Telegram bot token, a Stripe key and an OpenAI key labelled as generic ' +
      'vendor tokens, which the gate names by their own codes). Now read: each of those. Still missed (3): ' +
      'Indonesian "pw nya <value>" with no verb, a Thai password label glued to "my IG", a Russian password ' +
      'given as a reply ("— <value>, это от вайфая"). Read later, by the fourteenth set\'s readings: "pw nya <value>"',
  },
  {
    origin: 'held-out-fourteenth',
    title:
      'Fourteenth held-out set (held-out-fourteenth: written the same way; households, shared accounts and travel: ' +
      'house-sitting notes, streaming and school accounts, holiday rentals, hotel safes, luggage locks, e-visas, ' +
      "elderly parents' affairs, in 35 languages of Northern, Central and Eastern Europe and South Asia)",
    secrets: { total: 100, rejected: 48 },
    benign: { total: 100, rejected: 1 },
    note:
      'the lowest first run: national numbers of Norway, Finland, Iceland, Estonia, Latvia, Lithuania, Hungary ' +
      '(TAJ, tax number), Bulgaria, the former Yugoslav states (JMBG, OIB, EMŠO), Greece (AMKA), Ireland (PPS) and ' +
      'Sri Lanka with their labels declined ("fødselsnummeret hennes", "henkilötunnuksensa", "kennitöluna", ' +
      '"ЕГН-то"), an Aadhaar after a Telugu label, passports named in Danish, Romanian, Croatian, Basque and five ' +
      'Indian scripts, lock codes in eleven of these languages (definite and case forms, copulas "on" and "je", a ' +
      'code after a lock in the genitive, an alarm "switched off with"), a PUK in Kannada, one-time codes that ' +
      '"came" in Urdu, Serbian and Romanian or named in Indian scripts, passwords after labels in Icelandic, ' +
      'Latvian, Lithuanian, Galician, Irish and six Indian scripts, passphrases after a whole clause and a colon. ' +
      "Benign refused: the Dutch government's specimen BSN, said to be the form's example. One case was relabelled " +
      'before the run (a SendGrid key labelled as a generic vendor token). Now read: each national number by its ' +
      'check digits within 120 characters of its own labels; specimen numbers said to be examples are stored; the ' +
      'labels; a clause up to a colon after a password or passphrase label (random passwords, four or more plain ' +
      'words). Still missed (3): a Galician phrase of seven words before "é", a Punjabi "changed, the new one is", ' +
      'an Icelandic "the code the airline sent me to log in is"',
  },
  {
    origin: 'held-out-fifteenth',
    title:
      'Fifteenth held-out set (held-out-fifteenth: written the same way; work assistants: HR and payroll, IT ' +
      'helpdesk, SaaS tokens of 15 services, finance, healthcare and education staff, in 24 languages; chat, ' +
      'tickets, e-mails, .env and YAML snippets)',
    secrets: { total: 100, rejected: 78 },
    benign: { total: 100, rejected: 4 },
    note:
      'misses: tokens handed over on the line after a line that names them ("voici le jeton API ... :", a Twilio ' +
      'auth token, an Azure storage key after "key1"), an AWS secret whose context came after it, a HubSpot ' +
      'private app token, lock codes in Swedish, Dutch (an aside before the colon), Turkish and Hindi, a Korean ' +
      '"OTP 번호", a temporary password with no verb; benign refused: a test card said to be one in Hebrew, a ' +
      'Polish company NIP and a Russian company INN on invoices, a Czech password rule ("180 dní"). Now read: a key ' +
      'or token word in 25 languages on a line ending in a colon, then the token alone on the next line (not after ' +
      'fingerprint, hash or ID words); AWS context after the key; Azure storage keys by shape after a storage ' +
      'account or key1/key2; HubSpot tokens; those locks; number words after an OTP label; "temporary" and "new" ' +
      "before a password. Stored now: test words in 15 more languages, tax numbers after a company's legal form " +
      '(and ten-digit INNs), Czech, Ukrainian and Hungarian units. Still missed (11): long clauses before a code ' +
      '(Spanish, Portuguese, German, Italian, Vietnamese, Ukrainian with "Microsoft 365" inside), a Thai "รหัสคือ", ' +
      'a Russian "поменял пароль root на ...", a Japanese code given in the sentence after the one that says it ' +
      'came, a Swedish passphrase after a clause with a file name in it, an Italian passport number after "per la ' +
      'prenotazione:"',
  },
  {
    origin: 'held-out-sixteenth',
    title:
      'Sixteenth held-out set (held-out-sixteenth: written the same way; smart home, devices, cars and mobile money: ' +
      'router and camera credentials, Wi-Fi QR strings, smart locks, M-Pesa, GCash, UPI, eSewa and other PINs, ' +
      'eSIM codes, SIM registration; voice transcripts and chat in 27 languages)',
    secrets: { total: 100, rejected: 61 },
    benign: { total: 100, rejected: 2 },
    note:
      'misses: PINs named MPIN, NIP, "code secret", "پن کوڈ", after a bracket, a service name and a possessive, or ' +
      'before the copulas of Tagalog, Hausa, Nepali, Hindi, Amharic and French ("ay", "ita ce", "हो", "c\'est"), ' +
      'Wi-Fi QR strings, an eSIM activation code, a Japanese smart lock, a Korean door-lock number, a NIN before ' +
      '"ita ce", a Zulu ID label, PhilSys numbers, an Arabic "كلمة مرور", a Japanese password after "、"; benign ' +
      'refused: a default pairing PIN 0000 said to be one, a Nepali customer ID shaped like an SSN. Two labels were ' +
      'corrected before the run (a Telegram bot token and a Home Assistant JWT labelled as vendor tokens); after it, ' +
      '20 PINs of wallets, cards, SIMs and apps that the set labelled access codes (as its brief said) were ' +
      'relabelled passwords, the code the gate gives a PIN (door, gate, alarm, safe, intercom and immobiliser codes ' +
      'and the PUK stay access codes; what counts as caught does not change). Now read: each of those. Still ' +
      'missed (19): a code said aloud in Spanish after a relative clause, Burmese and Khmer particles glued to the ' +
      'value, long clauses, a PIN inside a USSD string, "It\'s 2047" in the sentence after "PIN to Drive". Read ' +
      'later the same day: digits said aloud in Swahili, Indonesian, Malay and Tagalog',
  },
  {
    origin: 'held-out-seventeenth',
    title:
      'Seventeenth held-out set (held-out-seventeenth: written the same way; 39 languages, a third of the secrets ' +
      'harder than "label: value": long clauses before the value, the value in a later sentence or line, quoted ' +
      'replies, forwarded SMS, .env and table blocks, values partly spelled out; benign hard look-alikes)',
    secrets: { total: 100, rejected: 61 },
    benign: { total: 100, rejected: 3 },
    note:
      'misses: passwords after a long clause (commas and all) before "is", in a later sentence after a word that ' +
      'points back ("Es lautet:", "Oui, c\'est", "Tức là", "Тобто", "ওটা হলো", "Yung bago ay"), before a Japanese or ' +
      'Korean copula ("です", "이거야"), after a Thai "รหัสคือ" and a Yoruba label; one-time codes after a long clause ' +
      "before a colon (Urdu, Telugu, Hungarian, Greek, Khmer's colon), after a closing bracket (Hausa) and labels in " +
      'Persian, Czech, Hungarian, Greek and Burmese; door, gate and alarm codes after five to eight words before a ' +
      'colon (German, Romanian, Swahili), a French digicode that opens with its letter, a Finnish key safe, a ' +
      'Japanese code typed with a full-width "＃"; a Persian wallet key; a Finnish "salalause"; benign refused: "change ' +
      'my password on Friday" (Finnish "on" read as a copula after an English label), an Indian postal "पिन कोड", ' +
      'an AWS key id of sixteen X. No label was changed. Now read: each of those, a gate code after an aside in ' +
      'brackets, and by their check digits within 120 characters of the label a CURP, a Chilean RUT (dots and all) ' +
      'and a Swedish personnummer, an SSN after "daughter\'s social" and the like, an identifier after a clause ' +
      'with commas before its colon. Still missed (6): a Yoruba NIN, a Czech code after an amount, an Italian alarm ' +
      'code in the next sentence, a Swedish code spelled out first, an Amharic passport number in the next ' +
      'sentence, an Arabic phone-unlock code',
  },
  {
    origin: 'held-out-eighteenth',
    title:
      'Eighteenth held-out set (held-out-eighteenth: written the same way; other channels than typing: dictation ' +
      'with digits said as words and separators said aloud, OCR of cards, ID cards and letters, pasted e-mails, ' +
      'vCard, iCal and CSV fields; 36 languages, many of Central Asia, the Caucasus, the Balkans, the Baltics and ' +
      'the Pacific)',
    secrets: { total: 100, rejected: 44 },
    benign: { total: 100, rejected: 0 },
    note:
      'the lowest first run: digits said in Turkish, Azerbaijani, Vietnamese, Korean, Bosnian, Croatian, Serbian, ' +
      'Macedonian, Armenian, Tajik, Quechua, Guarani, Tongan, Uzbek and Kazakh, "dash", "punto", "traço" said ' +
      'between them and "ate"/"for" heard for eight and four; OCR\'s O and l inside numbers; a Kazakh IIN and a New ' +
      'Zealand IRD number lines after their label; one-time codes in Kazakh, Kyrgyz, Tajik and Croatian bank SMS; ' +
      'passwords named in Estonian and Albanian, a PIN after a service name with spaced digits, a Wi-Fi key after ' +
      'a bracketed label, a Korean PIN before its copula; door codes in Turkish, Macedonian, Latvian, Slovene and ' +
      'Korean, a code in a quoted reply; a Turkish wallet key with a possessive. No label was changed. Now read: ' +
      'each of those, and an MRZ line broken by OCR. Still missed (25): mostly speech that spells letters and symbols ("jalisco ochenta y dos ' +
      'arroba", "ünlem işareti", a MongoDB URI read aloud), numbers said as tens ("veintisiete"), identifier ' +
      'labels of Armenian, Georgian, Azerbaijani, Tajik, Samoan, Maori, Tongan and Fijian, long OCR layouts with the ' +
      'number far from its label, a CSV with ";" separators',
  },
  {
    origin: 'held-out-nineteenth',
    title:
      'Nineteenth held-out set (held-out-nineteenth: written the same way; the mainstream of what a memory service ' +
      'receives, 60 of each side in English and the rest in 13 widely spoken languages: "remember that..." in chat, ' +
      "extractor memories and JSON memory objects, coding agents' commands, logs and configs, copied SMS, bank, HR " +
      'and landlord messages, forms; a third of the secrets harder than "label: value"; 64 benign look-alikes)',
    secrets: { total: 100, rejected: 89 },
    benign: { total: 100, rejected: 0 },
    note:
      'first-run misses: a PIN given as "the new one is ..." a sentence after its reset (English, Indonesian "yang ' +
      'baru"), a random value first and "that\'s what I set for the ... account" after it, an alarm code that ' +
      '"disarms it", GitHub recovery codes after an aside in brackets, a Spanish DNI before "que es mi DNI", a German ' +
      'compound label ("Initialpasswort"), a German key box with dotted digits ("3 · 9 · 0 · 6"), a Hindi OTP before ' +
      '"आपका OTP है", a Russian passport as "серия 45 18, номер 712055", a Turkish "Doğrulama kodunuz". No label was ' +
      'changed. Now read: each of those (pointers to "the new one" in nine languages; compounds ending in a ' +
      'password label in German, Dutch, the Nordic languages and Finnish; a code then the verb that opens or ' +
      "disarms a lock named in its sentence; an aside before a code's separator; check-digit numbers up to 60 " +
      'characters before their label in its sentence, SSNs excepted; Russian series and number; the code first in ' +
      'Hindi, Spanish, Portuguese, French, German, Italian and Indonesian; Turkish possessives). Read the same day ' +
      "on older sets' misses: an aside in brackets between a label and its separator, the text read once more " +
      'without it (the sixteenth set 85 -> 88 of 100), and a tax label that names whose number it is ("ИНН ' +
      'организации: ...") for the company exemption',
  },
  {
    origin: 'held-out-twentieth',
    title:
      'Twentieth held-out set (held-out-twentieth: written the same way; what personal assistants and customer-support ' +
      "agents store about people: a family's school portals, utilities, streaming and travel, support case notes in " +
      'shorthand; 55 of each side in English, the rest in 15 languages; 45 secrets harder than "label: value")',
    secrets: { total: 100, rejected: 88 },
    benign: { total: 100, rejected: 1 },
    note:
      "first run on the code after the nineteenth set's readings. Misses: an account passcode of digits, the answer to " +
      'a question about a password ("Antwort: „...“", "—Es «...»"), "临时密码已设为 ...", a Japanese value in corner ' +
      'brackets, words then an arrow after a Wi-Fi key label, a key named at length before its colon, a login pair in ' +
      'a quoted reply, a user / password pair after an arrow, a password spelled out letter by letter, an OTP in ' +
      "brackets after a relative clause, a code given in the next line of a chat; refused: a company's NIP whose " +
      "aside said it was a company's (the view without asides had dropped it). No label was changed. Now read: the " +
      "first six, and a user / password pair after an app's name and an arrow (a clearly random password only); " +
      'asides that say whose number follows stay in that view; a quoted CJK word is no password; a one-time code ' +
      'asked for in one line of a chat and given in the next. Still missed (3): the login pair in a quoted reply, ' +
      'the spelled password, the bracketed OTP',
  },
  {
    origin: 'held-out-twenty-first',
    title:
      'Twenty-first held-out set (held-out-twenty-first: written the same way; what people paste into agents that act ' +
      'for them: travel, smart homes and IoT, family admin, small shops, HR and tax forms, medical portals, crypto, ' +
      'games, rentals, developer side projects; 50 of each side in English, the rest in 14 languages; a third of the ' +
      'secrets hard)',
    secrets: { total: 100, rejected: 88 },
    benign: { total: 100, rejected: 0 },
    note:
      "first run on the code after the twentieth set's readings. Misses: a garage code said as spaced digits after " +
      '"opens with", an OTP of spaced digits with no label, a database URL whose password holds "#", a Chinese ' +
      'password before "是新的...密码", a Hugging Face token with digits, a 1Password master passphrase of hyphenated ' +
      'words, a German safe code with dashes before "eingestellt", a Steam Guard code of capitals and digits, a ' +
      'webhook signing secret in hex, a Turkish login pair after a service name and an arrow, a gate code between # ' +
      'and *, a Polish intercom code ending in # with its lock named after it. No label was changed. Now read: the ' +
      'URL, the token, the Steam Guard code ("your ... code is: 4RX9K", capitals and a digit), the keypad symbols and ' +
      'the lock named just after, "opens with" and a code, a value before "是...密码" in Chinese and Japanese, and a ' +
      "service's name opening a line before an arrow and a login pair, hyphenated plain words after a colon in a " +
      'sentence naming a passphrase, a key or secret named with a short relative clause before its value ("the ' +
      'webhook signing secret the shop plugin shows is ..."). Still missed (2): the unlabelled spaced OTP, the ' +
      'German safe code before "eingestellt"',
  },
  {
    origin: 'held-out-twenty-second',
    title:
      'Twenty-second held-out set (held-out-twenty-second: written the same way; everyday "remember this" messages as ' +
      'people chat: labels before and after values or none, values split by spaces or dashes, in quotes, lower case; ' +
      'national identifiers of 12 countries; 55 of each side in English, the rest in 20 languages)',
    secrets: { total: 100, rejected: 93 },
    benign: { total: 100, rejected: 0 },
    note:
      "first run on the code after the twenty-first set's readings. Misses: a password named after its value with " +
      '"as the password", a Thai password label followed by what it is for and then "คือ", a Polish password after ' +
      '"to teraz" (is now), a Swedish door code six words before its verb, a Steam Guard code after "the steam guard ' +
      'code is", a one-time code of spaced digits "as the two-factor code", "G-739204 is my Google verification ' +
      'code". Two label names the writer guessed were mapped to the gate\'s; no label was otherwise changed. Now ' +
      'read: all seven ("as" before a password label, "now" after a value verb in 23 languages, Thai modifiers then ' +
      "the copula, up to eight words before an access code's verb, Steam Guard's five capitals and digits, a " +
      'one-time code named after it by a one-time-code label with "my" or "the")',
  },
  {
    origin: 'held-out-twenty-third',
    title:
      'Twenty-third held-out set (held-out-twenty-third: written the same way; what people paste from other apps: OCR ' +
      'of stickers and forms with garbled labels, e-mails and SMS with headers, CSV rows, JSON, YAML, .env files, ' +
      'password-manager exports, letters, codes dictated as words; 49 and 50 in English, the rest in 20 languages)',
    secrets: { total: 100, rejected: 88 },
    benign: { total: 100, rejected: 0 },
    note:
      'first run on the code after the twenty-second set\'s readings. Misses: labels as OCR reads them ("Passw0rd" ' +
      'twice, "c0de", "PlN"), a French router sticker\'s "Clé de sécurité", a Russian label split by a space ' +
      '("Парол ь"), a Thai label with a Latin word before "คือ", a password spelled out in words, a Russian passport\'s ' +
      '"серия/номер", an Indonesian "kode brankas", an authenticator app\'s list of codes, an Azure portal\'s "KEY 1" ' +
      'line. No label was changed. Now read: the OCR view (a 0 between letters is an o, an l among capitals an I), ' +
      "router security-key labels in four languages, Latin words in a Thai label's modifiers, Indonesian and Malay " +
      "locks after their code word, an authenticator's code lines, an Azure keys page. Still missed (3): the split " +
      'Russian label, the spelled password, the Russian passport',
  },
];

// Inputs built to make the regexes backtrack; each is cut to the 8000-character content limit.
const ADVERSARIAL: Record<string, string> = {
  digits: '1'.repeat(8000),
  spaced_digits: '1 '.repeat(4000),
  base64_run: 'aB3+'.repeat(2000),
  password_is: 'password is '.repeat(700),
  api_key_colon: 'api key: '.repeat(900),
  pem_headers: '-----BEGIN PRIVATE KEY-----\n'.repeat(300),
  putty_headers: 'PuTTY-User-Key-File-2: '.repeat(350),
  url_userinfo: 'https://a:b'.repeat(730),
  jwt_prefix: 'eyJhbGciOi.'.repeat(730),
  html_comments: '<!--'.repeat(2000),
  bip39_words: 'abandon ability able about above '.repeat(300),
  dashed_digits: '123-45-6789 '.repeat(700),
  code_is: 'the alarm code is '.repeat(450),
  cjk_password: '密码是密码是'.repeat(1300),
  emails_phones: 'a@b.co +1 415 555 0100 '.repeat(350),
  iban_like: 'DE89 3704 0044 0532 0130 0 '.repeat(300),
  labels: 'passport number national id ssn cpf verification code '.repeat(150),
  // The readings of 2026-12-02: handed-over values, login pairs, values named first, relative clauses.
  use_login: 'use log in with '.repeat(500),
  login_pairs: 'account: a / '.repeat(600),
  value_first: 'x1!x2y3 is my '.repeat(560),
  relative_clause: 'the password I '.repeat(530),
  // The third held-out set's readings: arrows, CJK words before an arrow, words before an OTP's colon, phrases.
  arrows: 'pw for the NAS -> '.repeat(450),
  cjk_arrow: '비번 오늘 바꿨음 '.repeat(900),
  otp_words: 'OTP a b c d '.repeat(700),
  secret_phrase: "client_secret for the app I'm building ".repeat(200),
  // The fourth set's readings: command lines, a code someone sent, a lock and its code around an emoji.
  mysql_p: 'mysql -u a -h b '.repeat(500),
  sent_code: 'the code they texted me '.repeat(330),
  emoji_lock: 'gate 🔑 🔑 '.repeat(900),
  // The fifth set's: a few words before a lock code's verb, a Thai copula.
  words_before_verb: 'alarm code a b c d '.repeat(450),
  thai_copula: 'OTP ของฉันคือ '.repeat(600),
  // The sixth set's: numbers said aloud.
  spoken_digits: 'four four seven one '.repeat(400),
  spaced_pin: 'pin: 1 2 3 '.repeat(700),
};

/** One held-out set's first run beside its figures now. */
function firstRunParagraph(run: FirstRun, now: { secrets: Rate; benign: Rate }): string {
  const first = `${run.secrets.rejected}/${run.secrets.total} (${percent(run.secrets.rejected / run.secrets.total)})`;
  return (
    `${run.title}, first run before any fix it prompted: ${first} caught, benign rejected ` +
    `${run.benign.rejected}/${run.benign.total}; now ${rateCell(now.secrets)} caught, benign rejected ` +
    `${rateCell(now.benign)}; first-run ${run.note}.`
  );
}

function percent(value: number): string {
  return `${(value * 100).toFixed(1)}%`;
}

async function timeCorpus(texts: readonly string[], rounds: number): Promise<number> {
  const start = performance.now();
  for (let round = 0; round < rounds; round++) for (const text of texts) await evaluateCorpusText(text);
  return (performance.now() - start) / (texts.length * rounds);
}

/** Median of five timed runs per adversarial input (one run alone is at the mercy of GC and JIT). */
function worstCaseMs(): Record<string, number> {
  const result: Record<string, number> = {};
  for (const [name, text] of Object.entries(ADVERSARIAL)) {
    const input = text.slice(0, 8000);
    const runs: number[] = [];
    for (let run = 0; run < 5; run++) {
      const start = performance.now();
      detectSecrets(input);
      detectPii(input);
      detectInjection(input);
      // The gate reads numbers said aloud in a second view of the text (src/gate/spoken-digits.ts).
      const spoken = spellOutDigits(input);
      if (spoken !== input) {
        detectSecrets(spoken);
        detectPii(spoken);
      }
      runs.push(performance.now() - start);
    }
    result[name] = Number((runs.sort((a, b) => a - b)[2] ?? 0).toFixed(2));
  }
  return result;
}

interface LocomoFigures {
  file: string;
  turns: number;
  rejected: { codes: string[] }[];
  redacted: { flags: string[] }[];
}

/** Every LoCoMo dialogue turn through the gate, as a memory of its own. */
async function measureLocomo(file: string): Promise<LocomoFigures> {
  const samples = parseLocomo(JSON.parse(await readFile(file, 'utf8')));
  const figures: LocomoFigures = { file, turns: 0, rejected: [], redacted: [] };
  for (const turn of samples.flatMap((s) => s.sessions.flatMap((session) => session.turns))) {
    figures.turns++;
    const result = await evaluateCorpusText(turnText(turn));
    if (result.decision === 'rejected') {
      figures.rejected.push({ codes: result.reasons.map((r) => r.code) });
    } else {
      const flags = result.flags.filter((f) => f.startsWith('pii_redacted:'));
      if (flags.length > 0) figures.redacted.push({ flags });
    }
  }
  return figures;
}

function rateCell(r: { total: number; rejected: number; rate: number }): string {
  return r.total === 0 ? '-' : `${r.rejected}/${r.total} (${percent(r.rate)})`;
}

function markdown(
  figures: CorpusFigures,
  speed: { meanMs: number; worst: Record<string, number> },
  locomo: LocomoFigures | null,
): string {
  const lines = [
    '# Write gate: detection figures',
    '',
    `Generated by \`npx tsx scripts/gate-report.ts\` on ${new Date().toISOString().slice(0, 10)} (Node ${process.version}, ${os.cpus()[0]?.model ?? 'unknown CPU'}, load average ${os.loadavg()[0]?.toFixed(2)}).`,
    `Corpus: test/gate/corpus (seed ${CORPUS_SEED}): generated cases, hand-written cases (several languages) and twenty-three held-out sets; every case goes through \`evaluateWrite\` as a user fact with the default PII policy. An identifier counts as caught when the write is rejected, or stored with it redacted where the policy says redact (contact records).`,
    '',
    '## Totals',
    '',
    '| | cases | caught / rejected | rate |',
    '|---|---:|---:|---:|',
    `| secrets and identifiers | ${figures.secrets.total} | ${figures.secrets.rejected} | ${percent(figures.secrets.rate)} |`,
    `| benign | ${figures.benign.total} | ${figures.benign.rejected} | ${percent(figures.benign.rate)} (false positives) |`,
    '',
    `Benign memories stored with an identifier redacted: ${figures.benignRedacted.length}. Benign memories flagged \`injection.suspected\` (accepted, trust 0): ${figures.benign.injectionFlagged}.`,
    '',
    '## By origin',
    '',
    '| origin | secrets caught | benign rejected |',
    '|---|---:|---:|',
    ...Object.entries(figures.byOrigin).map(
      ([origin, o]) => `| ${origin} | ${rateCell(o.secrets)} | ${rateCell(o.benign)} |`,
    ),
    '',
    ...FIRST_RUNS.flatMap((run) => [firstRunParagraph(run, figures.byOrigin[run.origin]), '']),
    'The first runs of the last twenty-one sets are the best estimates on text written by someone else: 83%, 83%, 89%, 80%, 66%, 93%, 71%, 68%, 76%, 75%, 57%, 48%, 78%, 61%, 61%, 44%, 89%, 88%, 88%, 93% and 88% caught (each ran after the readings the sets before it prompted; the sixth brought a channel none had, speech; the seventh, end users naming national identifiers and card schemes in their own languages, fared worst; the ninth buried each secret in a long message; the tenth brought tables, records, OCR and native digits; the eleventh, the staff chats of small businesses in 22 languages; the twelfth, forms and calls with health, tax and government services in 27; the thirteenth, quick phone messages from regions and languages the sets before had little of; the fourteenth, households and travel in 35 languages of Northern, Central and Eastern Europe and South Asia; the fifteenth, work assistants and SaaS tokens in 24; the sixteenth, smart homes, devices and mobile money in 27; the seventeenth, harder phrasings in 39; the eighteenth, dictation and OCR in 36, the lowest; the nineteenth, the mainstream, 60% English, the highest since the eighth; the twentieth, personal assistants and support agents, 55% English; the twenty-first, agents acting for people, 50% English; the twenty-second, everyday "remember this" messages, 55% English; the twenty-third, what is pasted from other apps, OCR and all, 49% English). Pooled: 1,583 of 2,099 (75%), with 24 of 2,090 benign texts refused: every new region or channel a set brings costs a first run its labels, while mainstream text is read at about nine in ten.',
    '',
    '## By language',
    '',
    '| language | secrets caught | benign rejected |',
    '|---|---:|---:|',
    ...Object.entries(figures.byLanguage).map(
      ([language, l]) => `| ${language} | ${rateCell(l.secrets)} | ${rateCell(l.benign)} |`,
    ),
    '',
    '## Per kind',
    '',
    '| kind | cases | caught | of which redacted | under its own code |',
    '|---|---:|---:|---:|---:|',
    ...DETECTION_CODES.map((code) => {
      const k = figures.perKind[code];
      if (k.total === 0) return `| \`${code}\` | 0 | - | - | - |`;
      return `| \`${code}\` | ${k.total} | ${k.rejected} (${percent(k.rejected / k.total)}) | ${k.redacted} | ${k.exactCode} |`;
    }),
    '',
    `Default PII policy (src/gate/pii/policy.ts): ${Object.entries(DEFAULT_PII_POLICY)
      .map(([cls, action]) => `${cls} ${action}`)
      .join(
        ', ',
      )}. \`pii.email\` and \`pii.phone\` have no cases: the default policy allows a lone e-mail address or phone number.`,
    '',
    '## Real chat text (LoCoMo)',
    '',
    ...(locomo === null
      ? ['Not measured in this run (pass `--locomo path/to/locomo-dev.json`).']
      : [
          `Every dialogue turn of the LoCoMo dev split (${locomo.turns} turns, no secrets in them) through the gate: ${locomo.rejected.length} rejected, ${locomo.redacted.length} stored with an identifier redacted.`,
          // Codes only: the dataset's text stays out of the repository.
          ...locomo.rejected.map((r) => `- rejected: ${r.codes.join(', ')}`),
          ...locomo.redacted.map((r) => `- redacted: ${r.flags.join(', ')}`),
        ]),
    '',
    '## Missed secrets and identifiers',
    '',
    ...(figures.missed.length === 0 ? ['None.'] : figures.missed.map((m) => `- ${m.id}`)),
    '',
    '## False positives (benign memories rejected)',
    '',
    ...(figures.falsePositives.length === 0
      ? ['None.']
      : figures.falsePositives.map(
          (fp) => `- ${fp.id} (${fp.codes.join(', ')}): ${JSON.stringify(fp.text)}`,
        )),
    '',
    '## Benign memories stored redacted',
    '',
    ...(figures.benignRedacted.length === 0
      ? ['None.']
      : figures.benignRedacted.map((b) => `- ${b.id} (${b.flags.join(', ')}): ${JSON.stringify(b.text)}`)),
    '',
    '## Benign memories flagged as suspected injection',
    '',
    ...(figures.injectionFlags.length === 0
      ? ['None.']
      : figures.injectionFlags.map((f) => `- ${f.id}: ${JSON.stringify(f.text)}`)),
    '',
    '## Speed',
    '',
    `Mean \`evaluateWrite\` over the corpus: ${speed.meanMs.toFixed(3)} ms per write.`,
    'Worst-case inputs (8000 characters built to make the regexes backtrack), detectSecrets + detectPii + detectInjection (and both again on the spoken-digits view when it differs), median of 5 runs, ms:',
    '',
    ...Object.entries(speed.worst).map(([name, ms]) => `- ${name}: ${ms}`),
    '',
  ];
  return lines.join('\n');
}

const corpus = buildCorpus();
const figures = await measureCorpus(corpus);
const texts = [...corpus.secrets, ...corpus.benign].map((c) => c.text);
await timeCorpus(texts, 1); // warm-up: JIT and regex compilation
const speed = { meanMs: await timeCorpus(texts, 3), worst: worstCaseMs() };
const locomoArg = process.argv.indexOf('--locomo');
const locomoFile = locomoArg === -1 ? undefined : process.argv[locomoArg + 1];
const locomo = locomoFile === undefined ? null : await measureLocomo(locomoFile);

console.log(
  `secrets: ${figures.secrets.rejected}/${figures.secrets.total} rejected (${percent(figures.secrets.rate)}), ${figures.secrets.kinds} kinds`,
);
console.log(
  `benign:  ${figures.benign.rejected}/${figures.benign.total} rejected (${percent(figures.benign.rate)}), ${figures.benign.injectionFlagged} flagged as injection`,
);
for (const [origin, o] of Object.entries(figures.byOrigin)) {
  console.log(
    `  ${origin.padEnd(12)} secrets ${o.secrets.rejected}/${o.secrets.total}, benign rejected ${o.benign.rejected}/${o.benign.total}`,
  );
}
for (const code of DETECTION_CODES) {
  const k = figures.perKind[code];
  console.log(
    `  ${code.padEnd(30)} ${String(k.rejected).padStart(3)}/${String(k.total).padEnd(3)} exact ${k.exactCode}`,
  );
}
for (const m of figures.missed) console.log(`missed: ${m.id}`);
for (const fp of figures.falsePositives) console.log(`false positive: ${fp.id} ${fp.codes.join(',')}`);
for (const [language, l] of Object.entries(figures.byLanguage)) {
  console.log(
    `  ${language.padEnd(4)} secrets ${rateCell(l.secrets)}, benign rejected ${rateCell(l.benign)}`,
  );
}
if (locomo)
  console.log(
    `locomo: ${locomo.turns} turns, ${locomo.rejected.length} rejected, ${locomo.redacted.length} redacted`,
  );
console.log(
  `speed: ${speed.meanMs.toFixed(3)} ms/write mean; worst case ${Math.max(...Object.values(speed.worst))} ms`,
);

await mkdir(OUT_DIR, { recursive: true });
const json = {
  generated_at: new Date().toISOString(),
  node: process.version,
  seed: CORPUS_SEED,
  ...figures,
  held_out_first_runs: FIRST_RUNS,
  default_pii_policy: DEFAULT_PII_POLICY,
  locomo:
    locomo === null
      ? null
      : { turns: locomo.turns, rejected: locomo.rejected.length, redacted: locomo.redacted.length },
  speed: { mean_ms_per_write: Number(speed.meanMs.toFixed(4)), worst_case_ms: speed.worst },
};
await writeFile(new URL('gate.json', OUT_DIR), `${JSON.stringify(json, null, 2)}\n`);
await writeFile(new URL('gate.md', OUT_DIR), markdown(figures, speed, locomo));
console.log('wrote docs/benchmarks/gate.json and docs/benchmarks/gate.md');
