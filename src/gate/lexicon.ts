// The words, in the languages the gate reads, that tell a value being given ("the code is 4521", "das Passwort
// lautet ...", "密码是...") from a value being talked about ("the password expired"). Shared by the detectors
// that read a label and then its value: passwords, passphrases, one-time and access codes, identifiers.
import { escapeRegExp } from '../core/regexp.ts';

/**
 * Verbs that always hand over a value: "lautet" ("reads"), "is set to", "changed to", "改成". After them even a
 * plain word is the value ("das Passwort lautet sonnenschein").
 */
export const GIVING_VERBS = [
  'is now',
  'is set to',
  'was set to',
  'was changed to',
  'has been changed to',
  'changed to',
  'set to',
  'lautet',
  // Ukrainian and Russian "changed to" ("пароль змінено на ...", "пароль изменён на ...").
  'змінено на',
  'змінив на',
  'змінила на',
  'изменен на',
  'изменён на',
  'поменял на',
  'поменяла на',
  'сменил на',
  'сменила на',
  'lautete',
  'heißt',
  'ist jetzt',
  'es ahora',
  'agora é',
  'est maintenant',
  'adalah',
  'ialah',
];

/** English copulas: after them a plain word is a value only when it is not prose (see PROSE_WORDS). */
export const ENGLISH_COPULAS = ['is', 'was', 'equals', 'should be', 'will be'];

/**
 * Copulas of other languages (German, Spanish, Portuguese, French, Italian, Dutch, Scandinavian, Finnish, Slavic,
 * Greek, Vietnamese). Adjectives and participles follow them in lowercase ("ist abgelaufen", "es segura",
 * "est expiré"), so after them a plain lowercase word is not taken for a value.
 */
export const OTHER_COPULAS = [
  'ist',
  'war',
  'es',
  'era',
  'será',
  'é',
  'foi',
  'est',
  'était',
  'è',
  'är',
  'var',
  'er',
  'on',
  'oli',
  'je',
  'bylo',
  'to',
  'jest',
  'это',
  '—',
  'είναι',
  'là',
  // Hindi and Urdu written in Latin letters ("mera password hai ...").
  'hai',
  // French speech ("mon code PIN c'est 5820").
  "c'est",
  'c’est',
  // Bulgarian, Macedonian and Serbian Cyrillic "is" ("ПИН-ът на новата ти карта е 6038").
  'е',
  // Arabic and Hebrew pronouns that serve as the copula ("... هو 8264", "... הוא 3907"), and Arabic written in
  // Latin letters ("el password bta3 el wifi howa ...").
  'هو',
  'هي',
  'howa',
  'heya',
  'הוא',
  'היא',
  // Guarani ("portón código ha'e ...").
  "ha'e",
  'ha’e',
];

/**
 * Copulas that may end a phrase after a label (Vietnamese, Malay, Swahili: "pass wifi nhà mình là ...", "PIN yangu
 * ya M-Pesa ni 4093"); the password and identifier readings each add their own (Arabic, Persian).
 */
export const PHRASE_FINAL_COPULAS = ['là', 'adalah', 'ialah', 'ni'];

/** Every verb above, plural copulas too ("codes are", "sind"). */
const ALL_VALUE_VERBS = [
  ...GIVING_VERBS,
  ...ENGLISH_COPULAS,
  ...OTHER_COPULAS,
  ...['are', 'sind', 'son', 'são', 'sont'],
];
/** Every value verb as one regex alternation. */
export const VALUE_VERBS = phrasePattern(ALL_VALUE_VERBS);

/**
 * The value verbs that are not also common English words ("on", "to", "son", "era", "war"...), for readings where
 * the verb is searched for across free words: the end of a relative clause (RELATIVE_CLAUSE: inside "the passcode
 * my son set on the tablet is ..." the clause must not stop at "son" or "on") and a value named before its label
 * ("Sonne!12 ist mein Passwort").
 */
const ENGLISH_LOOKALIKES = new Set(['on', 'to', 'er', 'era', 'war', 'var', 'je', 'oli', 'bylo', '—', 'son']);
/** Whether a value verb of another language is also an English word ("on", "to", "war"). */
export function isEnglishLookalike(verb: string): boolean {
  return ENGLISH_LOOKALIKES.has(verb.toLowerCase());
}
export const UNAMBIGUOUS_VALUE_VERBS = phrasePattern(
  ALL_VALUE_VERBS.filter((verb) => !ENGLISH_LOOKALIKES.has(verb)),
);

/**
 * Words that make "code" something other than a secret: a postal, promo, error or area code ("zip code for the new
 * office is 94110", "the promo code they emailed me was 2024").
 */
export const PUBLIC_CODE_KINDS = [
  ...['zip', 'postal', 'post', 'area', 'country', 'dialling', 'dialing', 'promo', 'discount', 'coupon'],
  ...[
    'voucher',
    'referral',
    'gift',
    'error',
    'status',
    'dress',
    'source',
    'qr',
    'bar',
    'tax',
    'sort',
    'swift',
  ],
  'bank',
];

/**
 * Words that make a code or a number name what it is for, not a lock, a login or a person: "booking code",
 * "tracking code", "appointment confirmation: 48213377" (with PUBLIC_CODE_KINDS, the codes that are no secret).
 * Read before an access code's or a one-time code's word, and as the last word before an identifier's colon.
 */
export const NAMED_CODE_KINDS = [
  ...['booking', 'reservation', 'confirmation', 'order', 'reference', 'ref', 'tracking', 'ticket', 'product'],
  ...['item', 'article', 'model', 'serial', 'part', 'course', 'class', 'flight', 'fare', 'seat', 'invoice'],
  ...['customer', 'member', 'account', 'activation', 'meeting', 'event', 'language', 'currency', 'airport'],
  ...['station', 'appointment', 'pnr', 'locator', 'receipt', 'claim'],
  ...['reserva', 'pedido', 'referencia', 'referência', 'confirmación', 'cita', 'protocolo', 'fatura'],
  ...['réservation', 'commande', 'référence', 'dossier', 'prenotazione', 'reservering', 'boeking'],
  ...['buchungs', 'buchungsnummer', 'bestell', 'bestellung', 'referenz', 'auftrag', 'rechnung', 'termin'],
];

/** Sentence-internal connectors between a label and a phrase naming what it is for ("password for the NAS"). */
export const PREPOSITIONS = [
  'for',
  'to',
  'of',
  'on',
  'at',
  'in',
  'de',
  'du',
  'des',
  'del',
  'de la',
  "de l'",
  'da',
  'do',
  'dos',
  'das',
  'für',
  'fürs',
  'vom',
  'von',
  'zum',
  'zur',
  'der',
  'des',
  'para',
  'pour',
  'di',
  'del',
  'della',
  'dello',
  "dell'",
  'per',
  'van',
  'voor',
  'till',
  'för',
  'til',
  'k',
  'ke',
  'do',
  'od',
  'dla',
  'от',
  'для',
  'к',
  'του',
  'της',
  'για',
  // Icelandic ("Lykilorðið á Netflix-aðganginum ... er ..."), Bulgarian and Russian "на".
  'á',
  'на',
  // Egyptian and Levantine Arabic, also in Latin letters ("el password bta3 el wifi 3and teta howa ...").
  'bta3',
  'beta3',
  'ta3',
  'بتاع',
  'تبع',
  // Tagalog ("pin ng atm ko").
  'ng',
];

/**
 * Possessives that follow their noun ("ο κωδικός μου είναι ...", "la password mia è ..."): they may stand between a
 * label and its verb.
 */
export const POSTPOSED_POSSESSIVES = [
  'μου',
  'σου',
  'του',
  'της',
  'μας',
  'σας',
  'τους',
  'mia',
  'mio',
  'mía',
  'mío',
  // Possessives that follow the noun in chat of Africa, Southeast Asia, the Arab world and Eastern Europe (the
  // thirteenth held-out set): Hausa "lambar fasfo dina", Yoruba "BVN mi", Swahili "ID yangu", Tagalog "SS number
  // ko", Malay and Indonesian "ic sy", "pw nya", Egyptian and Gulf Arabic "الرقم القومي بتاعي", Darija "dyali",
  // Russian and Ukrainian "снилс мой".
  ...['dina', 'mi', 'yangu', 'ko', 'sy', 'saya', 'aku', 'ku', 'nya', 'dyali', 'dyal', 'بتاعي', 'حقي', 'حقتي'],
  ...['мой', 'моя', 'моё', 'мій'],
];

/**
 * A short relative clause between a label and its verb ("the code they texted me was ...", "my password, which I
 * never change, is ...", "la contraseña que me dieron es ...", "das Passwort, das ich gesetzt habe, ist ..."): it
 * opens with a pronoun, a relative word or a determiner, then at most six words, without sentence punctuation.
 * After it only a value that does not read as a word counts (each detector says what that is), so "the password I
 * use is the same" stays prose.
 */
const RELATIVE_OPENERS = [
  ...['that', 'which', 'who', 'i', 'we', 'they', 'you', 'he', 'she', 'it', 'the', 'my', 'our', 'your'],
  ...['que', 'qui', 'das', 'die', 'der', 'dat', 'che', 'cui', 'som', 'który', 'która', 'które'],
  ...['который', 'которую', 'которое', 'που', 'ki', 'sem'],
];
export const RELATIVE_CLAUSE = `(?:\\s*,)?\\s+(?:qu'\\p{L}+|(?:${phrasePattern(RELATIVE_OPENERS)})(?![\\p{L}]))(?:\\s+[^\\s.!?:;,=：]+){0,6}?\\s*,?`;

/**
 * Words that follow "password is" (or a colon) in prose about a password rather than giving one, in English and
 * the other languages the password labels cover: determiners, negations, adverbs, adjectives and participles
 * said of passwords (expired, wrong, changed, forgotten, locked...), and pointers elsewhere (see, ask, on).
 */
export const PROSE_WORDS = new Set(
  [
    // English.
    'a an the my your his her our their its this that it not no too very so now still also already just only',
    'same different new old strong weak long short secure safe insecure fine good bad wrong right correct',
    'incorrect invalid valid required optional mandatory empty blank missing unknown unset set reset expired',
    'something nothing anything everything somewhere there here what which who where when why how in on at of',
    'for to from with without by under over into onto about as if because but and or yet then than be being',
    'been due overdue temporary random unique shared one easy hard simple complex complicated forgotten lost',
    'case-sensitive sensitive mine yours ours theirs written kept saved stored ok okay fixed broken locked',
    'unlocked enough important necessary needed impossible possible same-as identical similar like see ask',
    'check use call contact look refer find follow',
    // German.
    'nicht kein keine keinen zu sehr noch schon immer nie falsch richtig abgelaufen gesperrt geändert vergessen',
    'neu alt lang kurz sicher unsicher schwach stark gültig ungültig leer korrekt identisch gleich derselbe',
    'dasselbe dieselbe das der die den dem ein eine einen mein meine dein sein ihr unser hier dort da irgendwo',
    'auf im am unter bei beim mit ohne wie was wo wer wann weg abgelaufene veraltet nötig erforderlich pflicht',
    'pflichtfeld geheimsache privatsache standard sache',
    // Spanish and Portuguese.
    'no muy demasiado todavía aún ya siempre nunca incorrecta incorrecto correcta correcto segura seguro débil',
    'fuerte nueva nuevo vieja viejo larga largo corta corto obligatoria obligatorio válida válido inválida vacía',
    'caducada caducado expirada expirado bloqueada bloqueado olvidada igual la el los las un una mi tu su',
    'nuestra aquí allí en sobre con sin para como qué dónde cuál secreta secreto sensible',
    'não muito ainda já sempre nunca errada errado certa certo fraca forte nova novo velha velho curta curto',
    'válida inválida vazia bloqueada expirou expirada vencida obrigatória a o os as um uma meu minha seu sua',
    'aqui ali em no na com sem como onde qual secreta',
    // French.
    'ne pas plus très trop encore déjà toujours jamais faux fausse juste correct correcte sécurisé sûr faible',
    'fort forte nouveau nouvelle vieux ancienne long longue court courte obligatoire valide invalide vide',
    'expiré expirée bloqué bloquée oublié oubliée changé changée identique le les une mon ma mes ton ta son sa',
    'notre ici là dans sur avec sans pour comme quoi où quel quelle secret sensible',
    // Italian and Dutch.
    'non molto troppo ancora già sempre mai sbagliata sbagliato giusta giusto sicura sicuro debole forte nuova',
    'nuovo vecchia vecchio lunga lungo corta corto obbligatoria valida scaduta scaduto bloccata dimenticata',
    'il lo gli una mia mio sua suo qui lì nel sul con senza come dove',
    'niet geen te erg nog al altijd nooit fout verkeerd juist veilig zwak sterk nieuw oud lang kort verplicht',
    'geldig ongeldig leeg verlopen geblokkeerd vergeten het een mijn jouw zijn haar hier daar op met zonder',
  ]
    .join(' ')
    .split(' '),
);

/** Participle and adjective endings of German, Romance languages and Dutch ("geändert", "caducada", "expiré"). */
export const FOREIGN_PARTICIPLE =
  /^(?:ge\p{L}{3,}(?:t|en|d)|\p{L}{3,}(?:iert|ado|ada|ados|adas|ido|ida|idos|idas|ato|ata|ito|ita|uto|uta|é|ée|és|ées))$/u;

/** Words after a number that make it a length, a count or a duration ("12 characters", "6 Stellen", "8 位"). */
export const UNITS =
  /^\s*(?:characters?|chars?|digits?|letters?|symbols?|long|minimum|max(?:imum)?|days?|weeks?|months?|years?|hours?|minutes?|mins?|seconds?|secs?|times?|tries|attempts|or more|and up|zeichen|stellen|ziffern|buchstaben|tage|tagen|wochen|monate|jahre|stunden|minuten|mal|caracteres|dígitos|letras|días|dias|semanas|meses|años|anos|horas|minutos|veces|vezes|caractères|chiffres|lettres|jours|semaines|mois|ans|heures|fois|caratteri|cifre|giorni|mesi|anni|ore|volte|tekens|cijfers|dagen|weken|maanden|jaar|uur|keer|位|个字符|個字元|字符|天|小时|分钟|次|文字|桁|日|時間|分|回|자리|자|일|시간|분|번|символов|цифр|дней|знаков|cyfr|znaków|dni|karakter|hane|gün|dní|dnů|dny|znaků|znakov|днів|символів|napja|nap)(?![\p{L}])/iu;

/** Escapes a phrase for a regex, with any run of spaces matching any run of whitespace. */
export function phrasePattern(phrases: readonly string[]): string {
  return [...new Set(phrases)]
    .sort((a, b) => b.length - a.length)
    .map((p) => escapeRegExp(p).replace(/ +/g, '\\s+'))
    .join('|');
}

/**
 * A company's legal form or a word that says a number is a business's ("Sp. z o.o.", "GmbH", "ООО", "firma",
 * "организации"): a tax number after one is the company's, which businesses print on every invoice
 * (pii/national-ids.ts), and an aside that holds one says whose number follows (detection-views.ts).
 */
export const COMPANY_WORDS =
  /(?<![\p{L}])(?:sp\. z o\.o\.|sp\.k\.|s\.a\.|gmbh|ag|kg|ltd|llc|inc|plc|b\.v\.|n\.v\.|s\.r\.l\.|srl|s\.l\.|sas|sarl|oy|ab|a\/s|ооо|оао|зао|пао|тов|ltda|s\.p\.a\.|spa|s\.r\.o\.|a\.s\.|kft|zrt|d\.o\.o\.|a\.ş\.|firmy|firma|company|empresa|société|entreprise|unternehmen|business|organi[sz]ation|компани\p{L}*|фирм\p{L}*|поставщик\p{L}*|организаци\p{L}*)(?![\p{L}])/iu;
