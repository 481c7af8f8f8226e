// The English pattern table: explicit first-person statements ("I'm allergic to...", "my X is called Y", "I moved
// to..."), each turned into findings with the slot, facet and polarity the pattern implies.

import { escapeRegExp } from '../../core/regexp.ts';
import { familyKey } from '../../core/slot-keys.ts';
import {
  AGENTS_NOT_OCCUPATIONS,
  CONDITIONS,
  DIETS,
  LANGUAGES,
  NOT_IDENTITY,
  NOT_NAMES,
  NOT_POSSESSIONS,
  OCCUPATION_SUFFIX,
  OCCUPATIONS,
  REACTIONS,
  RELATIONS,
  TIME_ZONES,
  TRAITS,
} from './english-lexicon.ts';
import {
  baseOfProgressive,
  deictic,
  facetOf,
  impersonal,
  indefiniteArticle,
  objectPhrase,
  thirdPerson,
  verbInThird,
} from './english-phrase.ts';
import { CONFIDENCE, type Finding, stated as finding } from './finding.ts';
import type { Pattern } from './patterns.ts';
import { capitalise, clean } from './text.ts';

const I = String.raw`\b(?:i|we)`;
const ADVERBS = String.raw`(?:(?:really|absolutely|just|also|totally|kind of|kinda|do|still|actually|truly|genuinely|honestly|seriously|secretly|generally|usually|definitely|so|pretty much|simply|sometimes)\s+)*`;
// "I'm", "I am", and chat's "im".
const AM = String.raw`(?:'m|m|\s+am)`;

/** A stance towards a thing, or nothing when the object points back into the conversation. */
export function stance(
  kind: 'preference' | 'constraint',
  verb: string,
  object: string,
  polarity: 'prefer' | 'avoid',
  tags: string[],
): Finding[] {
  const phrase = objectPhrase(object);
  if (deictic(phrase)) return [];
  const facet = facetOf(phrase);
  if (facet === undefined) return [];
  return [finding({ kind, content: `${verb} ${impersonal(phrase)}`, facet, polarity, tags })];
}

const LIKE_VERBS: Readonly<Record<string, ['prefer' | 'avoid', string]>> = {
  love: ['prefer', 'Loves'],
  like: ['prefer', 'Likes'],
  adore: ['prefer', 'Adores'],
  enjoy: ['prefer', 'Enjoys'],
  prefer: ['prefer', 'Prefers'],
  hate: ['avoid', 'Hates'],
  dislike: ['avoid', 'Dislikes'],
  detest: ['avoid', 'Detests'],
  loathe: ['avoid', 'Loathes'],
  despise: ['avoid', 'Despises'],
};

/**
 * Whether a sentence is typed all in lower case, as much chat is ("i moved to porto last month", "my sister jess"):
 * there a proper name cannot be told by its capital, so the strongest cues read a lower-case word as one.
 */
function lowerCaseChat(sentence: string | undefined): boolean {
  if (sentence === undefined) return false;
  // An acronym ("BSL", "UK", "ADHD") is written in capitals even in a chat typed all in lower case.
  const rest = sentence.replace(/\b\p{Lu}{2,}s?\b/gu, '');
  return /\p{Ll}/u.test(rest) && !/\p{Lu}/u.test(rest);
}

// Words a lower-case sentence puts where a name would stand that are not names: function words, common verbs and
// adjectives (a name is read there only from a lower-case sentence, and never a word ending in -ed, -ing or -s).
const NOT_LOWER_NAMES = new Set(
  (
    'and or but who which that with from to at in on for of about after before is was are were has had have be ' +
    'been can will would could should did does do got get went came took gave made said told ran ate saw left ' +
    'found lost put set let felt kept sent spent bought brought caught thought won wore wrote drove met paid ' +
    'read heard knew grew flew might must may also too there here this these those it its he she they them him ' +
    'her his their our your my me we you us one two three tired busy good great fine sorry glad happy sad sick ' +
    'back home out up down off over new old big little tiny huge bad well ok okay sure ready late early free ' +
    'hungry stuck lost bored confused curious excited nervous worried home away tho though lol haha btw pls ' +
    // Verbs that end in -s and are followed by a plural ("my son loves trains", "my dog hates baths"): the rule
    // below reads such a pair as a name and its verb.
    'loves likes hates wants needs plays goes gets says makes takes thinks knows eats drinks works lives does ' +
    'sleeps keeps comes runs walks reads watches starts misses adores enjoys prefers refuses uses tries sees ' +
    'looks feels seems calls visits helps buys brings'
  ).split(' '),
);

function lowerCaseName(word: string | undefined, next?: string): string | undefined {
  if (word === undefined || !/^\p{Ll}[\p{Ll}'-]{1,20}$/u.test(word)) return undefined;
  if (NOT_NAMES.has(word) || NOT_LOWER_NAMES.has(word) || /(?:ed|ing)$/.test(word)) return undefined;
  // A word ending in -s is a verb ("my sister wants...") unless a verb follows it ("my sister jess wants...").
  if (
    word.endsWith('s') &&
    !(next !== undefined && (/^\p{Ll}+(?:s|ed)$/u.test(next) || VERBS_AFTER_NAME.has(next)))
  )
    return undefined;
  return capitalise(word);
}

const VERBS_AFTER_NAME = new Set([
  'is',
  'was',
  'has',
  'had',
  'can',
  'will',
  'just',
  'and',
  'who',
  'got',
  'went',
]);

/** The word after `word` in `sentence`, lower case. */
function wordAfter(sentence: string | undefined, word: string): string | undefined {
  if (sentence === undefined) return undefined;
  const at = sentence.indexOf(` ${word} `);
  return at < 0 ? undefined : /^[\p{Ll}']+/u.exec(sentence.slice(at + word.length + 2))?.[0];
}

/** The first capitalised place name in a phrase ("a tiny studio in Brooklyn" -> Brooklyn). */
function placeIn(phrase: string, sentence?: string): string | undefined {
  const head = /^(?:the\s+)?([A-Z][\p{L}.'-]*(?:\s+(?:[A-Z][\p{L}.'-]*|de|del|am|upon|on))*)/u.exec(phrase);
  if (head) return clean(head[1]!);
  const inner = /\b(?:in|near|outside|at)\s+([A-Z][\p{L}.'-]*(?:\s+[A-Z][\p{L}.'-]*)*)/u.exec(phrase);
  if (inner) return clean(inner[1]!);
  // "i moved to porto last month": in a lower-case sentence, the first word after the preposition.
  return lowerCaseChat(sentence) ? lowerCaseName(/^[\p{Ll}'-]+/u.exec(phrase)?.[0]) : undefined;
}

/** A proper name as written: capitalised, not a nationality, weekday or filler word (or see lowerCaseName). */
function properName(word: string | undefined, sentence?: string): string | undefined {
  if (word === undefined) return undefined;
  if (!/^\p{Lu}/u.test(word))
    return lowerCaseChat(sentence) ? lowerCaseName(word, wordAfter(sentence, word)) : undefined;
  return NOT_NAMES.has(word.toLowerCase()) ? undefined : word;
}

// A list item that opens with a verb is another clause, not another thing ("allergic to wasps and carry an EpiPen").
const CLAUSE_VERB =
  /^(?:carry|carries|have|has|had|take|takes|need|needs|use|uses|am|is|are|was|were|can|can't|cannot|get|gets|keep|keeps|always|never|also|so|then)\b/i;

function things(list: string): string[] {
  return objectPhrase(list)
    .split(/\s*(?:,|\band\b|\bor\b|&)\s*/i)
    .map((t) => clean(t.replace(/^(?:the|a|an|some|all)\s+/i, '')))
    .filter((t) => t !== '' && !deictic(t) && !CLAUSE_VERB.test(t));
}

function allergies(list: string, verb = 'Is allergic to'): Finding[] {
  return things(list).flatMap((thing) => {
    const key = familyKey('allergy', thing);
    const facet = thing.toLowerCase();
    if (key === undefined || facet.split(' ').length > 4) return [];
    return [
      finding({
        kind: 'constraint',
        content: `${verb} ${thing}`,
        key,
        facet,
        polarity: 'avoid',
        tags: ['allergy', 'health'],
      }),
    ];
  });
}

const PRONOUNS = /\b(she\/her|he\/him|they\/them|she\/they|he\/they|they\/she|they\/he|xe\/xem|ze\/zir)\b/iu;

function pronounsFinding(pronouns: string): Finding {
  return finding({
    kind: 'fact',
    content: `Uses ${pronouns.toLowerCase()} pronouns`,
    key: 'pronouns',
    tags: ['name'],
  });
}

// A job taken at a named organisation ("for a job at Zalando", "got a new job with Arup").
const JOB_TAKEN =
  /(?:for|got|landed|took|accepted|started)\s+(?:a|the|my)\s+(?:new\s+)?job\s+(?:at|with)\s+(\p{Lu}[\p{L}\d&'-]*(?:\s+\p{Lu}[\p{L}\d&'-]*){0,3})/u;

/** The employer of a job taken somewhere in `text` (a move's reason: "moved to Berlin for a job at Zalando"). */
function jobTaken(text: string): Finding[] {
  const job = JOB_TAKEN.exec(text);
  return job
    ? [finding({ kind: 'fact', content: `Works at ${job[1]!}`, key: 'employer', tags: ['work'] })]
    : [];
}

/** The language every answer should be in, as the user asked for it (a standing instruction or in passing). */
export function answerLanguage(language: string): Finding {
  return finding({
    kind: 'preference',
    content: `Answer in ${language}`,
    key: 'language',
    confidence: CONFIDENCE.asked,
    tags: ['instruction', 'language'],
  });
}

/** In priority order: the first pattern to read a clause wins it. */
export const ENGLISH_PATTERNS: Pattern[] = [
  // Allergies and intolerances: one constraint per thing, in the allergy:<thing> slot.
  {
    re: new RegExp(
      String.raw`\bi${AM}\s+(?:also\s+|very\s+|really\s+|severely\s+|deathly\s+|super\s+|mildly\s+|slightly\s+|a bit\s+)*allergic\s+to\s+(.+)`,
      'iu',
    ),
    build: (m) => allergies(m[1]!),
  },
  {
    re: /\bi\s+have\s+(?:an?\s+|a severe\s+|a mild\s+)?([\p{L} -]{2,40}?)\s+allerg(?:y|ies)\b/iu,
    build: (m) => allergies(m[1]!),
  },
  {
    re: new RegExp(
      String.raw`\bi${AM}\s+(?:also\s+|very\s+|a bit\s+)*(lactose|gluten|fructose|histamine|caffeine)\s+intolerant\b`,
      'iu',
    ),
    build: (m) => allergies(m[1]!, 'Is intolerant to'),
  },
  {
    re: new RegExp(String.raw`\bi${AM}\s+intolerant\s+to\s+(.+)`, 'iu'),
    build: (m) => allergies(m[1]!, 'Is intolerant to'),
  },
  // Diets: the diet slot.
  {
    re: new RegExp(
      String.raw`\bi(?:${AM}|(?:'ve|\s+have)\s+been|\s+went|\s+(?:have\s+|'ve\s+)?(?:gone|become|turned))\s+(?:now\s+|also\s+|already\s+|fully\s+|strictly\s+|strict\s+|mostly\s+|completely\s+|a\s+|an\s+)*(${Object.keys(DIETS).join('|')})\b`,
      'iu',
    ),
    build: (m) => dietFinding(m[1]!),
  },
  {
    re: new RegExp(
      String.raw`\bi(?:${AM}|\s+)\s*(?:only\s+)?(?:eat|eating)\s+(?:only\s+)?(${Object.keys(DIETS).join('|')})\b`,
      'iu',
    ),
    build: (m) => dietFinding(m[1]!),
  },
  {
    re: new RegExp(
      String.raw`\bi(?:${AM}|\s+(?:follow|do|keep))\s+(?:on\s+)?(?:a|an|the)?\s*(${Object.keys(DIETS).join('|')})(?:\s+diet)?\b`,
      'iu',
    ),
    build: (m) => dietFinding(m[1]!),
  },
  // Conditions that limit food or activity.
  {
    re: new RegExp(
      String.raw`\bi(?:\s+(?:have|get|have got|was diagnosed with|suffer from|live with)|'ve\s+got|ve\s+got)\s+((?:chronic|severe|bad|mild|really bad|awful|terrible)\s+)?(${CONDITIONS})\b`,
      'iu',
    ),
    build: (m) => [
      finding({
        kind: 'constraint',
        content: `${/\bget\b/i.test(m[0]) ? 'Gets' : 'Has'} ${(m[1] ?? '').toLowerCase()}${m[2]!}`,
        tags: ['health'],
      }),
    ],
  },
  {
    // "I'm type 1 diabetic": the type is kept.
    re: new RegExp(
      String.raw`\bi${AM}\s+((?:type\s+[12]\s+)?diabetic|pregnant|epileptic|asthmatic|celiac|coeliac)\b`,
      'iu',
    ),
    build: (m) => [finding({ kind: 'constraint', content: `Is ${m[1]!.toLowerCase()}`, tags: ['health'] })],
  },
  {
    re: new RegExp(
      String.raw`\bi\s+(?:always\s+|usually\s+|easily\s+|really\s+)?get\s+(${REACTIONS})\b`,
      'iu',
    ),
    build: (m) => [finding({ kind: 'fact', content: `Gets ${m[1]!.toLowerCase()}`, tags: ['health'] })],
  },
  // Expecting a baby ("we're expecting in may!!", "I'm expecting our first in March").
  {
    re: /\b(?:we(?:'re|re|\s+are)|i(?:'m|m|\s+am))\s+expecting\s+(?:a\s+baby\s+|our\s+first\s+(?:baby\s+|child\s+)?|twins\s+)?(?:in|this|next|around)\s+([\p{L}]+)/iu,
    momentaryVoids: false,
    build: (m) => [
      finding({
        kind: 'fact',
        content: `Expecting a baby in ${capitalise(m[1]!.toLowerCase())}`,
        tags: ['family'],
      }),
    ],
  },
  // Lasting traits ("I'm colorblind", "heads up i'm red-green colorblind"): facts about the user.
  {
    // Ends at a word's end: a trait never stops inside a token ("allergic to sk-svcacct-..." is no allergy).
    re: new RegExp(
      String.raw`\bi${AM}\s+(?:also\s+|a bit\s+|kinda\s+|slightly\s+|totally\s+)?(${TRAITS})(?=$|[\s,.!?;:)])`,
      'iu',
    ),
    momentaryVoids: false,
    build: (m) => [finding({ kind: 'fact', content: `Is ${m[1]!.toLowerCase()}`, tags: ['health'] })],
  },
  // A faith or its absence ("hey so im jewish and keep shabbat", "I'm Muslim"): a fact about the user.
  {
    re: new RegExp(
      String.raw`\bi${AM}\s+(?:also\s+|a\s+|an\s+|practising\s+|practicing\s+|observant\s+)?(jewish|muslim|christian|catholic|protestant|hindu|buddhist|sikh|jain|mormon|quaker|atheist|agnostic)(?=$|[\s,.!?;:)])`,
      'iu',
    ),
    momentaryVoids: false,
    build: (m) => [
      finding({ kind: 'fact', content: `Is ${capitalise(m[1]!.toLowerCase())}`, tags: ['identity'] }),
    ],
  },
  // A relative's traits ("my partner's lactose intolerant", "my son is allergic to cats"): facts about the family,
  // never the user's own allergy slot.
  {
    re: new RegExp(
      String.raw`\bmy\s+(partner|wife|husband|boyfriend|girlfriend|son|daughter|kid|mom|mum|dad|mother|father|sister|brother|fianc[eé]e?)(?:'s|\s+is)\s+(?:also\s+|very\s+|severely\s+|super\s+|a bit\s+)?(${TRAITS})(?=$|[\s,.!?;:)])`,
      'iu',
    ),
    momentaryVoids: false,
    build: (m) => [
      finding({
        kind: 'fact',
        content: `${capitalise(m[1]!.toLowerCase())} is ${objectPhrase(m[2]!.toLowerCase())}`,
        tags: ['family', 'health'],
      }),
    ],
  },
  // Cannot eat X: a constraint, not a taste.
  {
    re: /\bi\s+(?:can't|cannot|can not|am not allowed to|'m not allowed to|shouldn't|must not|mustn't)\s+(eat|have|drink|consume|tolerate|digest)\s+(.+)/iu,
    build: (m) => stance('constraint', `Cannot ${m[1]!.toLowerCase()}`, m[2]!, 'avoid', ['food']),
  },
  // Likes and dislikes.
  {
    // Chat drops the subject at a sentence's start ("cant stand salmon tbh").
    re: /(?:\bi\s+|^(?:and\s+|also\s+|honestly\s+|tbh\s+)?)(?:just\s+|really\s+|absolutely\s+|simply\s+)*(?:can't|cannot|cant|can not)\s+stand\s+(?!(?:for|up|still|on|long|very|more|in|at|there|around)\b)(.+)/iu,
    build: (m) => stance('preference', 'Cannot stand', m[1]!, 'avoid', ['preference']),
  },
  {
    re: new RegExp(
      String.raw`\b(?:i|we)\s+${ADVERBS}(love|like|adore|enjoy|prefer|hate|dislike|detest|loathe|despise)s?\s+(.+)`,
      'iu',
    ),
    build: (m, quotes) => {
      const [polarity, verb] = LIKE_VERBS[m[1]!.toLowerCase()]!;
      // "I hate the phrase 'capture your special day'": the words quoted are what is disliked, not "the phrase".
      const named = namedWords(m[2]!, quotes);
      if (named)
        return [
          finding({
            kind: 'preference',
            content: `${verb} the ${named.noun} '${named.words}'`,
            facet: named.words.toLowerCase(),
            polarity,
            tags: ['preference'],
          }),
        ];
      return stance('preference', verb, m[2]!, polarity, ['preference']);
    },
  },
  // What the user wants kept out of whatever the assistant writes ("never use emoji in anything you write for me",
  // "please don't use the word 'journey' when you talk about this", "never put words in italics"). "Don't use X"
  // is often a one-off ("don't use too much butter"): it stands only for a word or phrase named, or for anything
  // the assistant writes or says.
  {
    re: /^(?:[^:.!?]{0,40}:\s*)?(?:(?:and|also|oh and|but|so|actually|ok|okay)\s*,?\s+)*(?:please\s+|pls\s+)?(don't|do not|dont|never)\s+(?:ever\s+)?(use|put\s+(?:words|text|anything|things|stuff)\s+in)\s+(.+)/iu,
    build: (m, quotes) =>
      keptOutOfWriting(m[1]!.toLowerCase() === 'never', m[2]!.toLowerCase(), m[3]!, quotes),
  },
  // "I'd prefer X" states a taste; "I'd like X" is a request, and is left alone.
  {
    re: /\bi(?:'d|\s+would)\s+(?:much\s+|really\s+|generally\s+)?prefer\s+(?!to\b|if\b|not\b)(.+)/iu,
    build: (m) => stance('preference', 'Prefers', m[1]!, 'prefer', ['preference']),
  },
  {
    re: new RegExp(
      String.raw`\bi${AM}\s+(not\s+)?(?:a\s+)?(?:really\s+)?(?:huge|big|massive|great|real)?\s*fan\s+of\s+(.+)`,
      'iu',
    ),
    build: (m) =>
      m[1]
        ? stance('preference', 'Is not a fan of', m[2]!, 'avoid', ['preference'])
        : stance('preference', 'Is a fan of', m[2]!, 'prefer', ['preference']),
  },
  {
    re: new RegExp(
      String.raw`\bi${AM}\s+(?:really\s+|so\s+|super\s+|very\s+|totally\s+|big\s+|quite\s+|more\s+|much\s+more\s+)*into\s+(.+)`,
      'iu',
    ),
    build: (m) => stance('preference', 'Is into', m[1]!, 'prefer', ['preference']),
  },
  // Habits said with don't / never: what is not eaten, drunk or done.
  {
    re: /\b(?:i|we)\s+(?:really\s+|just\s+|honestly\s+|genuinely\s+|seriously\s+|totally\s+)?(don't|do not|dont|never)\s+(?:really\s+|usually\s+|generally\s+|ever\s+|even\s+)?(like|enjoy|love|eat|drink|touch|use|watch|fly|wear|cook with|order|buy|smoke|drive|cook|swim|own|speak|do(?=\s+(?!well\b|much\b|anything\b|that\b|this\b|it\b|so\b|too\b|a\s+lot\b|the\b|any\b|what\b)\p{L}))\b(.*)/iu,
    build: (m) => negativeHabit(m[1]!.toLowerCase() === 'never', m[2]!.toLowerCase(), m[3]!),
  },
  // Always / usually: how the user has things.
  {
    // An adverb between ("i only really get weekdays", "I usually just walk") stays before the verb.
    re: /\bi\s+(always|usually|normally|only)\s+((?:(?:really|just|actually|still|also|mostly|mainly|ever)\s+)?(?!forget|feel|seem|get tired|wonder|think)[a-z]+)\b(.*)/iu,
    build: (m) => {
      const rest = objectPhrase(m[3]!);
      if (deictic(rest) && rest !== '') return [];
      const adverb = capitalise(m[1]!.toLowerCase());
      const content = clean(`${adverb} ${verbInThird(m[2]!)} ${impersonal(rest)}`);
      const kind = m[1]!.toLowerCase() === 'only' ? 'constraint' : 'preference';
      return [finding({ kind, content, tags: ['habit'] })];
    },
  },
  // Where the user lives, used to live, comes from, and their time zone.
  {
    re: /\bi\s+used\s+to\s+live\s+(?:in|at)\s+(.+)/iu,
    build: (m) => {
      const place = placeIn(objectPhrase(m[1]!));
      return place
        ? [finding({ kind: 'fact', content: `Used to live in ${place}`, tags: ['location'] })]
        : [];
    },
  },
  {
    re: new RegExp(
      String.raw`${I}(?:'ve|ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+|also\s+|now\s+|currently\s+|still\s+)*(?:live|lives|living|am living|'m living|moved|relocated|am based|'m based|moved back|settled)\s+(?:down\s+)?(?:to|in|at|out to|over to|near)\s+(.+)`,
      'iu',
    ),
    momentaryVoids: false,
    build: (m) => {
      const place = placeIn(objectPhrase(m[1]!), m.input);
      return place
        ? [
            finding({ kind: 'fact', content: `Lives in ${place}`, key: 'residence', tags: ['location'] }),
            ...jobTaken(m[1]!),
          ]
        : [];
    },
  },
  {
    re: new RegExp(
      String.raw`\bi(?:${AM}\s+(?:originally\s+)?from|\s+grew\s+up\s+in|\s+was\s+(?:born\s+and\s+raised|born|raised)\s+in|\s+come\s+from)\s+(.+)`,
      'iu',
    ),
    momentaryVoids: false,
    build: (m) => {
      const place = placeIn(objectPhrase(m[1]!), m.input);
      return place
        ? [finding({ kind: 'fact', content: `Is from ${place}`, key: 'hometown', tags: ['location'] })]
        : [];
    },
  },
  {
    re: new RegExp(
      String.raw`\b(?:[Ii]${AM}\s+(?:in|on)|[Mm]y\s+time\s?zone\s+is)\s+(?:the\s+)?(${TIME_ZONES})(?:\s+(?:time|timezone|time zone))?\b`,
      'u',
    ),
    momentaryVoids: false,
    build: (m) => [
      finding({ kind: 'fact', content: `Is in ${m[1]!} time`, key: 'timezone', tags: ['schedule'] }),
    ],
  },
  // The same typed in lower case ("btw i'm on pacific time").
  {
    re: /\bi(?:'m|m|\s+am)\s+on\s+(pacific|eastern|central|mountain|atlantic)\s+time\b/u,
    momentaryVoids: false,
    build: (m) => [
      finding({
        kind: 'fact',
        content: `Is in ${capitalise(m[1]!)} time`,
        key: 'timezone',
        tags: ['schedule'],
      }),
    ],
  },
  // The user's devices and appliances ("my laptop is a 2019 intel macbook pro").
  {
    re: /\bmy\s+(laptop|phone|computer|pc|mac|car|bike|tablet|tv|router|camera|watch|console|printer|stove|oven|fridge|dishwasher|washing machine)\s+is\s+(?:an?\s+)((?:[\p{L}\d'-]+\s+){0,5}[\p{L}\d'-]+)/iu,
    build: (m) => {
      const model = objectPhrase(m[2]!).replace(/\s+(?:and|but|so|with|which|that|it)\b.*$/i, '');
      return model === '' || deictic(model)
        ? []
        : [finding({ kind: 'fact', content: `Has a ${model} (${m[1]!.toLowerCase()})`, tags: ['fact'] })];
    },
  },
  // Work and study.
  {
    re: /\bi\s+(?:just\s+|recently\s+)?(?:started|began|joined|got a job|got hired)\s+(?:as\s+(?:an?\s+)?(.+?)\s+)?(?:at|with|by)\s+(.+)/iu,
    momentaryVoids: false,
    build: (m) => {
      const out: Finding[] = [];
      const job = m[1] === undefined ? undefined : objectPhrase(m[1]);
      if (job) out.push(jobFinding(job));
      const org = placeIn(objectPhrase(m[2]!));
      if (org)
        out.push(finding({ kind: 'fact', content: `Works at ${org}`, key: 'employer', tags: ['work'] }));
      return out;
    },
  },
  {
    re: /\bi\s+(?:just\s+|recently\s+)?(?:started|began)\s+(?:working\s+)?as\s+(?:an?\s+)?(.+)/iu,
    momentaryVoids: false,
    build: (m) => [jobFinding(objectPhrase(m[1]!))],
  },
  {
    re: new RegExp(
      String.raw`\bi(?:${AM})?\s+(?:currently\s+|now\s+|still\s+)?(?:work|working)\s+as\s+(?:an?\s+)?(.+)`,
      'iu',
    ),
    build: (m) => [jobFinding(objectPhrase(m[1]!))],
  },
  {
    re: new RegExp(
      String.raw`\bi(?:${AM})?\s+(?:currently\s+|now\s+|still\s+)?(?:work|working)\s+(?:at|for)\s+(.+)`,
      'iu',
    ),
    build: (m) => {
      const object = objectPhrase(m[1]!);
      const org = /^\p{Lu}/u.test(object) ? placeIn(object) : undefined;
      if (org)
        return [finding({ kind: 'fact', content: `Works at ${org}`, key: 'employer', tags: ['work'] })];
      return deictic(object)
        ? []
        : [finding({ kind: 'fact', content: `Works for ${impersonal(object)}`, tags: ['work'] })];
    },
  },
  // An occupation given as the frame of what follows ("As a night-shift nurse on a three-on, four-off rota my sleep
  // is all over the place") or as years in it ("been a data analyst in retail for 4 yrs"): read only when the
  // phrase's head is an occupation ("as a parent, ..." says nothing about work).
  {
    re: /^(?:so\s+|well\s+|ok\s+)?as\s+an?\s+((?:[\p{L}-]+\s+){0,3}?[\p{L}-]+?)(?=\s*,|\s+(?:on|at|in|for|with|who|and|i|my|we)\b)/iu,
    momentaryVoids: false,
    build: (m) => occupation(m[1]!),
  },
  {
    re: /(?:^|\b(?:i|we)(?:'ve|ve|\s+have)\s+)been\s+an?\s+((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+?)(?=\s+(?:in|at|for|since)\b)/iu,
    momentaryVoids: false,
    build: (m) => occupation(m[1]!),
  },
  {
    re: /\bi\s+(?:currently\s+|now\s+)?work\s+((?:from|remotely|remote|part-time|full-time|nights|night shifts|weekends|freelance|in|(?:\d|one|two|three|four|five|six)\s+days?\s+(?:a|per)\s+(?:week|wk))\b.*)/iu,
    build: (m) => {
      const rest = objectPhrase(m[1]!);
      if (deictic(rest)) return [];
      // "i work from the boat as a UX designer": the role is the work slot, where it is done a fact of its own.
      const as = /^(.+?)\s+as\s+(an?)\s+(.+)$/iu.exec(rest);
      if (as && isOccupation(as[3]!))
        return [
          jobFinding(as[3]!, as[2]),
          finding({ kind: 'fact', content: `Works ${impersonal(as[1]!)}`, tags: ['work'] }),
        ];
      return [finding({ kind: 'fact', content: `Works ${impersonal(rest)}`, tags: ['work'] })];
    },
  },
  {
    re: /\bi\s+(?:run|own|founded|co-founded|started)\s+(?:a|an|my|our)\s+(?:own\s+|small\s+|little\s+|tiny\s+)?(company|business|startup|shop|agency|studio|restaurant|cafe|bakery|practice|firm)\s+(?:called|named)\s+(.+)/iu,
    momentaryVoids: false,
    build: (m) => {
      const name = placeIn(objectPhrase(m[2]!));
      return name
        ? [
            finding({
              kind: 'fact',
              content: `Runs a ${m[1]!.toLowerCase()} called ${name}`,
              key: 'employer',
              tags: ['work'],
            }),
          ]
        : [];
    },
  },
  {
    re: /\b(?:i|we)\s+(run|own|manage)\s+(?:a|an|my|our)\s+((?:[\p{L}\d-]+\s+){0,3}?(?:company|business|startup|shop|agency|studio|restaurant|cafe|café|bakery|practice|firm|bar|pub|bistro|brewery|store|stall|truck|van|farm|smallholding|nursery|clinic|salon|gym|garage|workshop|team|department))\b(.*)/iu,
    momentaryVoids: false,
    build: (m) => [
      finding({
        kind: 'fact',
        content: clean(`${capitalise(thirdPerson(m[1]!))} a ${m[2]!} ${objectPhrase(m[3]!)}`),
        confidence: CONFIDENCE.generic,
        tags: ['work'],
      }),
    ],
  },
  {
    re: new RegExp(
      String.raw`\bi(?:${AM}\s+(?:studying|doing|majoring in)|\s+study|\s+major\s+in)\s+(.+?)\s+at\s+(.+)`,
      'iu',
    ),
    momentaryVoids: false,
    build: (m) => {
      const school = placeIn(objectPhrase(m[2]!));
      const subject = clean(m[1]!);
      return school
        ? [
            finding({
              kind: 'fact',
              content: `Studies ${subject} at ${school}`,
              key: 'school',
              tags: ['education'],
            }),
          ]
        : [];
    },
  },
  {
    re: new RegExp(
      String.raw`\bi${AM}\s+(?:mostly\s+|mainly\s+|basically\s+|actually\s+|currently\s+|now\s+|still\s+)?(?:an?\s+)((?:[\p{L}-]+\s+){0,3}[\p{L}-]+)`,
      'iu',
    ),
    build: (m) => identity(objectPhrase(m[1]!), m.input),
  },
  // Names.
  {
    // Not "nobody calls me Julian", "don't call me Jay": a name the user refuses.
    re: /(?<!\b(?:nobody|no one|noone|never|don't|dont|do not|doesn't|stop|not)\s+)\b(?:(?:please|pls|you can|you could|just|feel free to|everyone|people|my friends|friends)\s+)?(?:call|calls)\s+me\s+([\p{L}'-]+)(?=$|[\s,.!?;:)])/iu,
    momentaryVoids: false,
    build: (m) => {
      const name = m[1]!;
      const lower = name.toLowerCase();
      if (
        [
          'back',
          'later',
          'when',
          'tomorrow',
          'if',
          'at',
          'on',
          'anytime',
          'maybe',
          'a',
          'an',
          'the',
          'crazy',
          'old',
          'out',
          'whatever',
        ].includes(lower)
      )
        return [];
      return [
        finding({
          kind: 'fact',
          content: `Wants to be called ${name}`,
          key: 'preferred_name',
          tags: ['name'],
        }),
      ];
    },
  },
  {
    re: /\b[Ii]\s+go\s+by\s+([\p{Lu}][\p{L}'-]+)(?=$|[\s,.!?;:)])/u,
    momentaryVoids: false,
    build: (m) => [
      finding({
        kind: 'fact',
        content: `Wants to be called ${m[1]!}`,
        key: 'preferred_name',
        tags: ['name'],
      }),
    ],
  },
  {
    re: /\bmy\s+name(?:'s|\s+is)\s+([\p{L}'-]+(?:\s+[\p{Lu}][\p{L}'-]+)?)(?=$|[\s,.!?;:)])/iu,
    momentaryVoids: false,
    build: (m) => {
      // Under the i flag \p{Lu} matches any letter: a second word is a surname only when it is capitalised ("My
      // name's Tomasz but everyone calls me Tom" read "Tomasz but").
      const [first, second] = m[1]!.split(' ');
      const said = second !== undefined && /^\p{Lu}/u.test(second) ? m[1]! : first!;
      const name = /^\p{Lu}/u.test(said) ? properName(first) && clean(said) : properName(first, m.input);
      return name
        ? [finding({ kind: 'fact', content: `Is called ${name}`, key: 'name', tags: ['name'] })]
        : [];
    },
  },
  {
    // "I'm Priya", "hi, I'm Jordan, btw": a greeting-like introduction, the name alone in its clause.
    re: /(?:^|[,!]\s*|\b(?:[Hh]i|[Hh]ello|[Hh]ey)\s+)[Ii](?:'m|\s+am)\s+([\p{Lu}][\p{L}'-]+(?:\s+[\p{Lu}][\p{L}'-]+)?)(?=\s*(?:$|[,!.]|\s+(?:btw|by the way|here|and|from)\b|\s+-|\s*\((?:she|he|they|xe|ze)\/))/u,
    momentaryVoids: false,
    build: (m) => {
      const name = properName(m[1]!.split(' ')[0]) ? m[1]! : undefined;
      // "I'm Aoife (she/her)": the name's clause holds the pronouns too, so they are read here.
      const pronouns = new RegExp(`^\\s*\\(${PRONOUNS.source}\\)`, 'iu').exec(
        (m.input ?? '').slice((m.index ?? 0) + m[0].length),
      );
      return name
        ? [
            finding({ kind: 'fact', content: `Is called ${name}`, key: 'name', tags: ['name'] }),
            ...(pronouns ? [pronounsFinding(pronouns[1]!)] : []),
          ]
        : [];
    },
  },
  {
    // A lower-case sentence that is only "i'm <name>" ("hi! i'm dani." splits into "hi!" and "i'm dani").
    re: /^i(?:'m|m|\s+am)\s+([\p{Ll}][\p{Ll}'-]+)$/u,
    momentaryVoids: false,
    build: (m) => {
      const name = properName(m[1], m.input);
      return name
        ? [finding({ kind: 'fact', content: `Is called ${name}`, key: 'name', tags: ['name'] })]
        : [];
    },
  },
  {
    // The same typed in lower case after a greeting ("hi! i'm dani.", "hey im sam, new here"): a greeting first.
    re: /^(?:hi|hello|hey|hiya|heya)[!,.]*\s+i(?:'m|m|\s+am)\s+([\p{Ll}][\p{Ll}'-]+)(?=\s*(?:$|[,!.]|\s+(?:btw|here|and|from)\b|\s+-))/u,
    momentaryVoids: false,
    build: (m) => {
      const name = properName(m[1], m.input);
      return name
        ? [finding({ kind: 'fact', content: `Is called ${name}`, key: 'name', tags: ['name'] })]
        : [];
    },
  },
  {
    re: PRONOUNS,
    momentaryVoids: false,
    build: (m) => [pronounsFinding(m[1]!)],
  },
  // The user's people and pets, by name.
  {
    re: new RegExp(
      String.raw`\b(?:my|our)\s+(?:own\s+)?(late\s+)?(?:little\s+|old\s+|older\s+|younger\s+|big\s+|baby\s+|eldest\s+|youngest\s+|oldest\s+|new\s+|rescue\s+|twin\s+)?(${Object.keys(RELATIONS).join('|')})(?:'s\s+name\s+is|\s+is\s+called|\s+is\s+named|'s\s+called|,)?\s+([\p{L}'-]+)(?=$|[\s,.!?;:)])`,
      'iu',
    ),
    momentaryVoids: false,
    // "my late husband Huw": the person is named in the same slot, as one who has died.
    build: (m) => relative(m[2]!, m[3], m.input, m[1] !== undefined),
  },
  // Two of them at once ("My kids Jonah and Lily think...", "our dogs, Pip and Moss", "our two kids, Eli (9) and June
  // (6)"): one fact each.
  {
    re: new RegExp(
      String.raw`\b(?:[Mm]y|[Oo]ur)\s+(?:two\s+|twin\s+|little\s+)?(${Object.keys(RELATIONS).join('|')})(?:s|ren)\s*,?\s+([\p{Lu}][\p{L}'-]+)(?:\s*\(\d{1,2}\))?\s*,?\s+and\s+([\p{Lu}][\p{L}'-]+)(?=$|[\s,.!?;:)])`,
      'u',
    ),
    momentaryVoids: false,
    build: (m) => [...relative(m[1]!, m[2], m.input), ...relative(m[1]!, m[3], m.input)],
  },
  {
    re: new RegExp(
      String.raw`\b(?:a|an|our|my)\s+(?:\w+\s+){0,2}?(${Object.keys(RELATIONS).join('|')})\s+(?:called|named)\s+([\p{L}'-]+)(?=$|[\s,.!?;:)])`,
      'iu',
    ),
    momentaryVoids: false,
    build: (m) => relative(m[1]!, m[2], m.input),
  },
  {
    re: new RegExp(
      String.raw`\bmy\s+(${Object.keys(RELATIONS).join('|')})\s+is\s+(?:a|an)\s+((?:[\p{L}-]+\s+){0,2}[\p{L}-]+)`,
      'iu',
    ),
    build: (m) => {
      const job = objectPhrase(m[2]!);
      if (!isOccupation(job)) return [];
      const article = indefiniteArticle(job);
      return [
        finding({
          kind: 'fact',
          content: `${capitalise(m[1]!.toLowerCase())} is ${article} ${job}`,
          tags: ['family'],
        }),
      ];
    },
  },
  // "my birthday is ...", "my favourite colour is teal", "my zip code is 94110".
  {
    re: /\bmy\s+birthday\s+is\s+(?:on\s+)?(.+)/iu,
    momentaryVoids: false,
    build: (m) => {
      const date = objectPhrase(m[1]!);
      return date
        ? [finding({ kind: 'fact', content: `Birthday is on ${date}`, key: 'birthday', tags: ['date'] })]
        : [];
    },
  },
  {
    re: /\bmy\s+(?:favou?rite|fave|go-to|usual)\s+([\p{L} -]{2,30}?)\s+(?:is|are)\s+(.+)/iu,
    build: (m) => {
      const value = objectPhrase(m[2]!);
      const facet = facetOf(value);
      if (facet === undefined) return [];
      return [
        finding({
          kind: 'preference',
          content: `Favorite ${m[1]!.toLowerCase()} is ${value}`,
          facet,
          polarity: 'prefer',
          tags: ['preference'],
        }),
      ];
    },
  },
  {
    re: /\b[Mm]y\s+((?:[\p{L}-]+\s+){0,4}[\p{L}-]+)\s+(?:is|are)\s+((?:(?:about|around|roughly|approximately|nearly|almost|over|under|~)\s*)?(?:\$|€|£)?[\p{Lu}\d].*)/u,
    build: (m) => {
      const what = m[1]!.toLowerCase();
      const value = objectPhrase(m[2]!);
      if (/\b(?:name|birthday|favou?rite|fave|go-to|usual)\b/.test(what) || RELATIONS[what] !== undefined)
        return [];
      if (value === '' || /^i\b/i.test(value)) return [];
      const kind = /\b(?:budget|limit|max|maximum|cap)\b/.test(what) ? 'constraint' : 'fact';
      return [
        finding({
          kind,
          content: capitalise(`${what} is ${value}`),
          confidence: CONFIDENCE.generic,
          tags: ['fact'],
        }),
      ];
    },
  },
  // Decisions.
  // "I've decided I'm going to ask for evenings", "decided that we'll sell the van": the future says what was
  // decided, so it reads as "Decided to ...".
  {
    re: new RegExp(
      String.raw`${I}(?:'ve|ve|\s+have)?\s+(?:finally\s+|just\s+|now\s+|already\s+)?decided\s+(?:(?:that\s+)?(?:i|we)(?:'ll|\s+will|'m\s+going\s+to|m\s+going\s+to|\s+am\s+going\s+to|'re\s+going\s+to|\s+are\s+going\s+to|'m\s+gonna)\s+|(to|on|that|not\s+to|against)\s+)?(.+)`,
      'iu',
    ),
    build: (m) => decision(`Decided ${m[1]?.toLowerCase().replace(/\s+/, ' ') ?? 'to'} `, m[2]!),
  },
  {
    re: new RegExp(String.raw`${I}(?:'m|'re|\s+am|\s+are|'ll|\s+will)\s+(?:going|go)\s+with\s+(.+)`, 'iu'),
    build: (m) => decision('Chose ', m[1]!),
  },
  {
    re: new RegExp(
      String.raw`${I}(?:'ve|ve|\s+have)?\s+(?:finally\s+|now\s+)?(?:chose|picked(?!\s+up\b)|went with|went for|gone for|gone with|settled on|opted for)\s+(.+)`,
      'iu',
    ),
    build: (m) => decision('Chose ', m[1]!),
  },
  // An activity taken up again ("i picked up piano again after like 15 yrs off"): a fact, not a choice between things.
  {
    re: new RegExp(
      String.raw`${I}(?:'ve|\s+have)?\s+(?:just\s+)?(?:picked|took|taken)\s+up\s+([\p{L}-]+(?:\s+[\p{L}-]+)?)\s+again\b`,
      'iu',
    ),
    build: (m) =>
      deictic(m[1]!) ? [] : [finding({ kind: 'fact', content: `Took up ${m[1]!} again`, tags: ['fact'] })],
  },
  // How the user commutes ("I commute into London Paddington four days a week", "I've just started commuting by bike,
  // about 9 miles each way"), retirement ("I retired last June after 38 years teaching"), a long work under way
  // ("I am writing a literary novel set in 1970s Glasgow"; not "I'm writing an email", a task).
  {
    re: new RegExp(
      String.raw`${I}(?:'ve|\s+have)?\s+(?:now\s+|usually\s+|just\s+)?(?:commute|started\s+commuting|been\s+commuting)\s+((?:by\s+[\p{L}]+\s*|on\s+(?:the\s+)?[\p{L}]+\s*)?(?:(?:in(?:to)?|to|from)\s+\S.*)?)`,
      'iu',
    ),
    build: (m) => {
      const how = objectPhrase(m[1]!);
      return how === ''
        ? []
        : [finding({ kind: 'fact', content: `Commutes ${impersonal(how)}`, tags: ['fact'] })];
    },
  },
  {
    re: /\bi\s+(?:just\s+|recently\s+|finally\s+)?retired\s+((?:last|in|this|from|after|two|three|a)\b.*)/iu,
    momentaryVoids: false,
    build: (m) => [
      finding({ kind: 'fact', content: clean(`Retired ${objectPhrase(m[1]!)}`), tags: ['work'] }),
    ],
  },
  {
    re: new RegExp(
      String.raw`\bi${AM}\s+(?:currently\s+|still\s+|slowly\s+)?writing\s+(?:a|an|my)\s+((?:[\p{L}-]+\s+){0,3}(?:novel|memoir|thesis|dissertation|screenplay|cookbook|biography|book|play|musical|album|series)\b.*)`,
      'iu',
    ),
    build: (m) => {
      // "... and am about 60,000 words in": the next clause goes first (its number's comma is no clause end).
      const work = objectPhrase(m[1]!.replace(/\s+and\s+(?:am|i'm|im|i)\b.*$/iu, ''));
      return work === '' ? [] : [finding({ kind: 'fact', content: `Is writing a ${work}`, tags: ['fact'] })];
    },
  },
  // What the user is learning or has been doing for a while ("I'm learning Spanish", "i have been learning piano for
  // about two years now mostly classical").
  {
    re: /\bi(?:'m|m|\s+am)\s+(?:currently\s+|still\s+|now\s+)?(learning|studying)\s+((?:[\p{L}-]+\s+){0,2}[\p{L}-]+)/iu,
    build: (m) => {
      const what = objectPhrase(m[2]!);
      return what === '' || deictic(what)
        ? []
        : [finding({ kind: 'fact', content: `Is ${m[1]!.toLowerCase()} ${what}`, tags: ['learning'] })];
    },
  },
  {
    re: /\bi(?:'ve|\s+have)\s+been\s+(learning|playing|studying|practi[cs]ing|doing|taking|running|teaching)\s+(.+)/iu,
    build: (m) => {
      const what = objectPhrase(m[2]!);
      return what === '' || deictic(what) || what.split(' ').length > 8
        ? []
        : [finding({ kind: 'fact', content: `Has been ${m[1]!.toLowerCase()} ${what}`, tags: ['habit'] })];
    },
  },
  // Any pursuit kept up for a span of time ("I've been storm chasing for about 5 years", "I've been making cheese at
  // home for about a year now"): the span says it lasts. Not a state or a wait ("I've been feeling low for weeks").
  {
    re: /\bi(?:'ve|ve|\s+have)\s+been\s+(?!(?:feeling|thinking|wondering|waiting|looking|meaning|trying|going|having|getting|struggling|dealing)\b)((?:[\p{L}-]+\s+)?[\p{L}]+ing)\s+((?:[\p{L}'-]+\s+){0,5}?)for\s+((?:about|almost|over|nearly|around|roughly|like|just over|the (?:last|past))\s+)?((?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of|several)\s+(?:years?|months?|decades?))\b/iu,
    build: (m) => {
      const what = clean(m[2]!);
      if (deictic(what) && what !== '') return [];
      const span = `${(m[3] ?? '').toLowerCase()}${m[4]!.toLowerCase()}`;
      return [
        finding({
          kind: 'fact',
          content: clean(`Has been ${m[1]!.toLowerCase()} ${impersonal(what)} for ${span}`),
          tags: ['habit'],
        }),
      ];
    },
  },
  // A move already planned ("we're moving to Valencia in September").
  {
    re: /\b(?:i(?:'m|m|\s+am)|we(?:'re|re|\s+are))\s+moving\s+to\s+(\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)*)\s+(in|next|this|at the end of)\s+([\p{L}\d]+)/u,
    momentaryVoids: false,
    build: (m) => [
      finding({ kind: 'fact', content: `Is moving to ${m[1]!} ${m[2]!} ${m[3]!}`, tags: ['location'] }),
    ],
  },
  // A subjectless correction or update ("Correction: moved to Denver last month.", "Mountain time now.").
  {
    re: /^(?:[Cc]orrection|[Uu]pdate|[Aa]ctually|[Ff]yi|FYI|[Bb]tw)?[:,]?\s*(?:[Jj]ust\s+|[Rr]ecently\s+)?moved\s+to\s+(\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)*)/u,
    momentaryVoids: false,
    build: (m) => [
      finding({ kind: 'fact', content: `Lives in ${m[1]!}`, key: 'residence', tags: ['location'] }),
      ...jobTaken(m.input ?? ''),
    ],
  },
  {
    re: /^(Pacific|Eastern|Central|Mountain|Atlantic)\s+time\s+now\b/u,
    momentaryVoids: false,
    build: (m) => [
      finding({ kind: 'fact', content: `Is in ${m[1]!} time`, key: 'timezone', tags: ['schedule'] }),
    ],
  },
  // Religious observance ("I keep Shabbat", "we observe Ramadan").
  {
    re: /\b(?:i|we)\s+(?:keep|observe|fast\s+(?:during|for))\s+(shabbat|the\s+sabbath|sabbath|ramadan|lent|shabbos)\b/iu,
    momentaryVoids: false,
    build: (m) => [
      finding({
        kind: 'constraint',
        content: `Keeps ${capitalise(m[1]!.toLowerCase())}`,
        tags: ['religion'],
      }),
    ],
  },
  // What the user will not do, on principle ("I won't invest in fossil fuel companies").
  {
    re: /\b(?:i|we)\s+(?:won't|will not|wont|refuse to)\s+(invest in|buy from|shop at|fly with|work with|eat at|bank with|buy)\s+(.+)/iu,
    build: (m) => stance('constraint', `Will not ${m[1]!.toLowerCase()}`, m[2]!, 'avoid', ['principle']),
  },
  // What the body does not allow ("i cant lift anything heavy", "I can't kneel").
  {
    re: /\bi\s+(?:can't|cannot|cant|can not)\s+(lift|run|walk|climb|bend|kneel|jump|squat|stand|sit)\b\s*(.*)/iu,
    build: (m) => {
      const rest = objectPhrase(m[2]!);
      const verb = m[1]!.toLowerCase();
      // The activity is the facet ("lifting"), so that a later "I can lift again" meets this one.
      const activity = ACTIVITIES[verb] ?? `${verb}ing`;
      return [
        finding({
          kind: 'constraint',
          content: clean(`Cannot ${verb} ${impersonal(rest)}`),
          facet: activity,
          polarity: 'avoid',
          tags: ['health'],
        }),
      ];
    },
  },
  // Volunteering ("i volunteer at the food bank on saturday mornings").
  {
    re: /\b(?:i|we)\s+(?:also\s+)?volunteer\s+((?:at|with|for)\s+.+)/iu,
    build: (m) => {
      const rest = objectPhrase(m[1]!);
      return deictic(rest)
        ? []
        : [finding({ kind: 'fact', content: `Volunteers ${impersonal(rest)}`, tags: ['habit'] })];
    },
  },
  // A budget's cap said without "my" ("budget is 15k max for the kitchen").
  {
    re: /\b(?:[Tt]he\s+|[Oo]ur\s+)?[Bb]udget\s+(?:is|of)\s+(?:about\s+|around\s+|max\s+|at most\s+)?((?:\$|€|£)?\d[\d,.]*\s?(?:k|K|grand)?)\s*(max|tops|maximum|at most)?\b(.*)/u,
    build: (m) => {
      if (m.input !== undefined && /\bmy\s+budget\b/i.test(m.input)) return [];
      const rest = objectPhrase(m[3]!);
      return [
        finding({
          kind: 'constraint',
          content: clean(`Budget is at most ${m[1]!} ${/^for\b/i.test(rest) ? rest : ''}`),
          tags: ['money'],
        }),
      ];
    },
  },
  // "nothing horror pls", "no deadlifts tho", "please no screen-time shaming in your suggestions", "No hashtags, we
  // never use them": a standing "not that", said in passing.
  {
    re: /^(?:ok\s+|nah\s+|and\s+|also\s+|but\s+)?(?:please\s+|pls\s+)?(?:nothing|no)\s+([\p{L}-]+(?:\s+[\p{L}-]+)?)(?:\s+(?:pls|please|plz|tho|though|ever|anymore|thanks)\b|\s+in\s+(?:your|the|my|any)\s+(suggestions|answers|replies|posts|captions|recipes|plans|ideas)\b|\s*,\s*(?:we|i)\s+(?:never|don't|dont|do not)\b)/iu,
    build: (m) => {
      const thing = m[1]!.toLowerCase();
      if (
        /^(?:problem|problems|worries|worry|thanks|idea|clue|way|rush|pressure|need|one|hurry)$/.test(thing)
      )
        return [];
      return [
        finding({
          kind: 'preference',
          content: m[2] ? `No ${thing} in the ${m[2].toLowerCase()}` : `No ${thing}`,
          facet: thing,
          polarity: 'avoid',
          tags: ['preference'],
        }),
      ];
    },
  },
  // A bound said in passing ("nothing under 55k", "nothing over 350 pages", "no more than 30 min"): a limit to plan
  // around. A number is required, so "nothing over the top" is no bound.
  {
    re: /(?:^|\b(?:and|also|but|btw|oh)\s+)(nothing|no\s+more\s+than|no\s+less\s+than)\s+(?:(over|under|above|below|more than|less than|longer than|shorter than)\s+)?((?:\$|€|£)?\d[\d,.]*\s?(?:k|m|min|mins|minutes|hours?|hrs?|pages|miles|km|kg|lbs?|euros?|pounds?|dollars?|quid|grand)?\b(?:\s+[\p{L}-]+)?)/iu,
    build: (m) => {
      const bound =
        m[1]!.toLowerCase() === 'nothing'
          ? `Nothing ${m[2] ? `${m[2].toLowerCase()} ` : ''}`
          : `${capitalise(m[1]!.toLowerCase())} `;
      if (m[1]!.toLowerCase() === 'nothing' && !m[2]) return [];
      const amount = objectPhrase(m[3]!);
      return amount === ''
        ? []
        : [finding({ kind: 'constraint', content: clean(`${bound}${amount}`), tags: ['limit'] })];
    },
  },
  // "hybrid or remote only": a clause that is only the options and "only", a limit on what is acceptable.
  {
    re: /(?:^|,\s*)(?:and\s+|but\s+|so\s+)?((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+\s+or\s+[\p{L}-]+)\s+only(?:\s+(?:pls|please|plz|tho|btw))?\s*(?:$|[.!;])/iu,
    build: (m) => [finding({ kind: 'constraint', content: `Only ${m[1]!.toLowerCase()}`, tags: ['limit'] })],
  },
  // Staying with a choice ("nah sticking with our current insurer").
  {
    re: /(?:^|\b(?:i'm|im|i am|we're|were|we are)\s+)(?:nah\s+|ok\s+|so\s+)?(?:just\s+)?sticking\s+with\s+(.+)/iu,
    build: (m) => decision('Staying with ', m[1]!),
  },
  // Where the user is ("I'm in Denver, so make sure all reminders use Mountain Time", "We're based in Toronto", "I'm
  // based out of Wichita", "we're in Cardiff so..."): a capitalised place, not a
  // momentary one ("I'm in London this week" is voided by its "this week").
  {
    re: /\b(?:[Ii](?:'m|m|\s+am)|[Ww]e(?:'re|\s+are))\s+(?:based\s+(?:in|out\s+of)|in)\s+(\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+)?)(?=\s*(?:$|[,.;!—–-]|\s+(?:now|and|so|but|if)\b))/u,
    build: (m) =>
      properName(m[1]!.split(' ')[0])
        ? [
            finding({
              kind: 'fact',
              content: `Lives in ${m[1]!}`,
              key: 'residence',
              confidence: CONFIDENCE.generic,
              tags: ['location'],
            }),
          ]
        : [],
  },
  // A role held somewhere for a while ("I've been at Halvorsen Logistics six years as an operations manager").
  {
    re: /\b[Ii](?:'ve|\s+have)\s+been\s+(?:at|with)\s+(\p{Lu}[\p{L}&'-]*(?:\s+\p{Lu}[\p{L}&'-]*){0,3})\s+(?:for\s+)?(?:[\p{L}\d]+\s+){0,3}?as\s+(?:an?\s+)?((?:[\p{L}-]+\s+){0,2}[\p{L}-]+)/u,
    momentaryVoids: false,
    build: (m) => [
      finding({ kind: 'fact', content: `Works at ${m[1]!}`, key: 'employer', tags: ['work'] }),
      jobFinding(objectPhrase(m[2]!).replace(/\s+(?:and|but|so|or|at|in)$/i, '')),
    ],
  },
  // The language answers should be in, asked in passing ("so keep the explanations in English please", "reply in
  // Spanish"): about every later answer.
  {
    re: new RegExp(
      String.raw`\b(?:(?:answer|reply|respond|talk|speak|chat|answering|replying|talking|speaking|chatting)(?:\s+to\s+me)?|(?:keep|give|write)\s+(?:the\s+|your\s+|all\s+)?(?:explanations|answers|replies|responses|messages|everything|things))\s+(?:only\s+)?in\s+(${LANGUAGES})\b`,
      'u',
    ),
    momentaryVoids: false,
    build: (m) => [answerLanguage(m[1]!)],
  },
  // A race or course signed up for ("Signed up for the Manchester Marathon on 26 April!!").
  {
    re: /^(?:just\s+|finally\s+|so\s+)?(?:i(?:'ve|\s+have)?\s+)?(?:just\s+)?(?:signed\s+up|registered|entered)\s+for\s+((?:the|a|an|my)\s+.+)/iu,
    momentaryVoids: false,
    build: (m) => {
      const what = objectPhrase(m[1]!);
      return what.split(' ').length < 2 || deictic(what.replace(/^(?:the|a|an|my)\s+/i, ''))
        ? []
        : [finding({ kind: 'fact', content: `Signed up for ${impersonal(what)}`, tags: ['fact'] })];
    },
  },
  // A choice settled with "then" ("I'm booking the hydrotherapy sessions on Tuesdays then").
  {
    re: /\bi(?:'m|m|\s+am|'ll|\s+will)\s+(?:just\s+)?(?:booking|getting|buying|ordering|taking|doing|get|book|buy|order|take|do)\s+(.+?)\s+then\b/iu,
    build: (m) => decision('Chose ', m[1]!),
  },
  // A named syndrome, disease or disorder ("I have hypermobile Ehlers-Danlos syndrome"): a lasting limit.
  {
    re: /\bi\s+(?:have|'ve got|have got|was diagnosed with|live with|suffer from)\s+((?:[\p{L}'-]+\s+){0,3}(?:syndrome|disease|disorder))\b/iu,
    momentaryVoids: false,
    build: (m) =>
      /^(?:a|an|the|some|no)\s/i.test(m[1]!) && m[1]!.split(' ').length < 3
        ? []
        : [finding({ kind: 'constraint', content: `Has ${m[1]!}`, tags: ['health'] })],
  },
  // An occupation introduced with "here", as chat does ("long-haul trucker here, running Chicago to Denver").
  {
    re: /^(?:hi\s+|hey\s+|hello\s+)?[,!]?\s*((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)\s+here\b/iu,
    momentaryVoids: false,
    build: (m) => occupation(m[1]!),
  },
  // A diet said as a fragment ("vegan btw.", "vegetarian here"): the diet slot.
  {
    re: new RegExp(
      String.raw`^(?:also\s+|oh\s+and\s+|and\s+)?(${Object.keys(DIETS).join('|')})\s+(?:btw|fyi|here|too|now|by the way)\b`,
      'iu',
    ),
    momentaryVoids: false,
    build: (m) => dietFinding(m[1]!),
  },
  // A decision announced, then what it is ("ok decided, I'll get the guy from the bee club to requeen it").
  {
    re: /\bdecided\s*[,:!.-]\s*(?:i'll|i will|we'll|we will|i'm going to|we're going to|going to)\s+(.+)/iu,
    build: (m) => decision('Decided to ', m[1]!),
  },
  // ... or what is under way ("Decided: I'm buying a proper pH meter", "decided - we're closing intake in
  // December", "decided. going up £5 from March" with the subject dropped): the verb's base form ("buying" -> "buy",
  // "closing" -> "close").
  {
    re: /\bdecided\s*[,:!.-]\s*(?:(?:i'm|im|i am|we're|we are)\s+)?([\p{L}]+ing)\s+(.+)/iu,
    build: (m) => decidedUnderWay(m[1]!, m[2]!),
  },
  // ... or said after it ("ok we're doing the bug unit first, decided.").
  {
    re: /^(?:(?:ok|okay|right|so|yeah|alright)[,\s]+)*(?:i'm|im|i am|we're|we are)\s+([\p{L}]+ing)\s+(.+?)[,;:-]?\s+decided[.!]*$/iu,
    build: (m) => decidedUnderWay(m[1]!, m[2]!),
  },
  // A mind made up ("right i've made my mind up, everyone gets equal minutes", "I've made up my mind to sell").
  {
    re: new RegExp(
      String.raw`${I}(?:'ve|ve|\s+have)\s+(?:finally\s+)?made\s+(?:my\s+mind\s+up|up\s+my\s+mind)\s*(?:(to)\s+|[,:;-]\s*(?:that\s+)?)(.+)`,
      'iu',
    ),
    build: (m) => {
      if (m[1]) return decision('Decided to ', m[2]!);
      // A clause, not an object: its first word may be one an object never starts with ("everyone gets...").
      const clause = objectPhrase(m[2]!);
      return clause.split(' ').length < 2
        ? []
        : [finding({ kind: 'decision', content: `Decided that ${impersonal(clause)}`, tags: ['decision'] })];
    },
  },
  // What the user is not interested in ("not interested in glamping", "I'm not interested in crypto").
  {
    re: /^(?:honestly\s+|tbh\s+|nah\s+|and\s+|but\s+)?(?:i(?:'m|m|\s+am)\s+|we(?:'re|\s+are)\s+)?not\s+(?:really\s+|at\s+all\s+)?interested\s+in\s+(.+)/iu,
    build: (m) => stance('preference', 'Not interested in', m[1]!, 'avoid', ['preference']),
  },
  // Years in an occupation ("after six years as a data engineer"): read only when the phrase's head is one.
  {
    re: /\b(?:years?|months?|decades?|yrs?)\s+as\s+an?\s+((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+?)(?=\s*(?:$|[,.;!]|\s+(?:at|in|for|with|and|but|so)\b))/iu,
    momentaryVoids: false,
    build: (m) => occupation(m[1]!),
  },
  // A founder's role and company ("I'm co-founder of Ledgerly", "I'm the CEO of Brightpath").
  {
    re: new RegExp(
      String.raw`\bi${AM}\s+(?:the\s+|a\s+|one\s+of\s+the\s+)?(co-?founders?|founders?|ceo|cto|coo|owner|managing director)\s+(?:of|at)\s+(\p{Lu}[\p{L}\d&'-]*(?:\s+\p{Lu}[\p{L}\d&'-]*){0,3})`,
      'iu',
    ),
    momentaryVoids: false,
    build: (m) => [
      jobFinding(m[1]!.replace(/s$/i, '')),
      finding({ kind: 'fact', content: `Works at ${m[2]!}`, key: 'employer', tags: ['work'] }),
    ],
  },
  // A job taken somewhere ("got a job with Arup"): the user's, so the clause opens with it or with "I" or "we" (a move
  // for one is read with the move: jobTaken).
  {
    re: new RegExp(
      String.raw`(?:^|\b(?:i|we)(?:'ve|\s+have)?\s+)(?:just\s+|finally\s+)?${JOB_TAKEN.source}`,
      'u',
    ),
    momentaryVoids: false,
    build: (m) => jobTaken(m[0]),
  },
  // Staying put says where one lives ("I'm not relocating from Lisbon", "we're not leaving Leeds").
  {
    re: /\b(?:[Ii](?:'m|\s+am)|[Ww]e(?:'re|\s+are))\s+not\s+(?:relocating|moving|leaving)\s+(?:away\s+)?(?:from\s+)?(\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+)?)/u,
    momentaryVoids: false,
    build: (m) =>
      properName(m[1]!.split(' ')[0])
        ? [finding({ kind: 'fact', content: `Lives in ${m[1]!}`, key: 'residence', tags: ['location'] })]
        : [],
  },
  // A child named by age ("My 17-year-old, Priya, just started driving lessons").
  {
    re: /\b[Mm]y\s+(\d{1,2})[- ]?(?:year[- ]old|yr[- ]old|yo|y\/o)\s*,?\s+([\p{Lu}][\p{L}'-]+)(?=$|[\s,.!?;:)])/u,
    momentaryVoids: false,
    build: (m) => {
      const name = properName(m[2]!);
      return name
        ? [
            finding({
              kind: 'fact',
              content: `Has a ${m[1]!}-year-old child called ${name}`,
              key: 'child:name',
              tags: ['family'],
            }),
          ]
        : [];
    },
  },
  // What the user is only open to ("Only looking at remote roles", "only applying to four-day-week jobs").
  {
    re: /^(?:and\s+|but\s+|also\s+|so\s+)?(?:i(?:'m|m|\s+am)\s+|we(?:'re|\s+are)\s+)?only\s+(looking\s+(?:at|for)|applying\s+(?:to|for)|considering|interested\s+in|open\s+to)\s+(.+)/iu,
    build: (m) => {
      const what = objectPhrase(m[2]!);
      return what === '' || deictic(what)
        ? []
        : [
            finding({
              kind: 'constraint',
              content: clean(`Only ${m[1]!.toLowerCase()} ${impersonal(what)}`),
              tags: ['limit'],
            }),
          ];
    },
  },
  // "Nothing with heavy weights or contact": what is ruled out, said as a fragment; a taste when the sentence says
  // so ("nothing with eggs, not allergic, i just can't stand them").
  {
    re: /^(?:and\s+|but\s+|also\s+|so\s+|ok\s+)?nothing\s+(?:with|involving|that involves|containing)\s+(.+)/iu,
    build: (m) => {
      const what = objectPhrase(m[1]!);
      if (what === '' || deictic(what)) return [];
      if (
        /\b(?:can't stand|cannot stand|hate|don't like|dont like|not allergic|not a fan)\b/i.test(
          m.input ?? '',
        )
      )
        return stance('preference', 'Nothing with', what, 'avoid', ['preference']);
      return [finding({ kind: 'constraint', content: `Nothing with ${impersonal(what)}`, tags: ['limit'] })];
    },
  },
  // When something can happen, as a standing limit ("Long runs can only happen on Sundays", "the long run has to be
  // on Fridays now"): a schedule to plan around.
  {
    re: /(?:^|[,;]\s*|\b(?:and|but|so|because)\s+)(?:actually\s+)?((?:the\s+|my\s+|our\s+)?[\p{L}-]+(?:\s+[\p{L}-]+){0,3}?)\s+(can\s+only\s+(?:happen|be|take\s+place)|(?:has|have)\s+to\s+be|must\s+be)\s+(on|at)\s+((?:mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|weekends?|weekdays?|the\s+weekend)(?:\s+(?:or|and)\s+(?:mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?))?)\b/iu,
    build: (m) => {
      const what = m[1]!.replace(/^(?:the|my|our)\s+/i, '');
      if (deictic(what) || /^(?:i|we|you|it|they|he|she)$/i.test(what)) return [];
      return [
        finding({
          kind: 'constraint',
          content: capitalise(`${what} ${m[2]!.toLowerCase()} ${m[3]!.toLowerCase()} ${m[4]!}`),
          tags: ['schedule'],
        }),
      ];
    },
  },
  // A floor or cap said without "my" ("Salary floor is €70k", "hard cap is 2k").
  {
    re: /^(?:the\s+|our\s+)?((?:salary|rent|pay|price|spending)\s+(?:floor|cap|ceiling|limit)|(?:hard\s+)?(?:floor|cap|ceiling))\s+(?:is|of)\s+((?:\$|€|£)\s?\d[\d,.]*\s?(?:k|K|grand)?|\d[\d,.]*\s?(?:k|K|grand))/iu,
    build: (m) => [
      finding({
        kind: 'constraint',
        content: `${capitalise(m[1]!.toLowerCase())} is ${m[2]!.trim()}`,
        tags: ['money'],
      }),
    ],
  },
  // A brand or thing sworn off ("Not touching Intel again", "never buying Ryanair again").
  {
    re: /^(?:and\s+|but\s+|so\s+)?(?:i(?:'m|m|\s+am)\s+)?(?:not|never)\s+(touching|buying|using|flying|booking|ordering)\s+(.+?)\s+(?:again|ever again)\b/iu,
    build: (m) =>
      stance('preference', `Not ${m[1]!.toLowerCase()}`, m[2]!, 'avoid', ['preference']).map((f) => ({
        ...f,
        content: `${f.content} again`,
      })),
  },
  // A choice made by ruling one out ("Ok no betta then."): a decision, not a taste.
  {
    re: /^(?:ok|okay|right|fine|alright)[.,!]?\s+no\s+([\p{L}-]+(?:\s+[\p{L}-]+)?)\s+then\b/iu,
    build: (m) => {
      const thing = m[1]!.toLowerCase();
      return /^(?:problem|problems|worries|worry|need|rush|pressure|way)$/.test(thing)
        ? []
        : [finding({ kind: 'decision', content: `Decided against ${thing}`, tags: ['decision'] })];
    },
  },
  // The user does not want a thing used ("I don't want to use a crate at all").
  {
    re: /\bi\s+(?:really\s+)?(?:don't|do not|dont)\s+want\s+(?:to\s+(?:use|give\s+(?:him|her|them|it))\s+|any\s+)(.+)/iu,
    build: (m) => stance('preference', 'Does not want', m[1]!, 'avoid', ['preference']),
  },
  // A birthday said date first ("March 3rd is my birthday").
  {
    re: /\b((?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?)\s+is\s+my\s+birthday\b/iu,
    momentaryVoids: false,
    build: (m) => [
      finding({ kind: 'fact', content: `Birthday is on ${m[1]!}`, key: 'birthday', tags: ['date'] }),
    ],
  },
  // Training for an event ("i'm training for the chicago marathon in october").
  {
    re: /\bi(?:'m|m|\s+am)\s+(?:currently\s+|now\s+)?training\s+for\s+(.+)/iu,
    momentaryVoids: false,
    build: (m) => {
      const what = objectPhrase(m[1]!);
      return what === '' || deictic(what)
        ? []
        : [finding({ kind: 'fact', content: `Is training for ${what}`, tags: ['fitness'] })];
    },
  },
  // A spending cap said as a refusal ("I'm not paying more than £15 a month for any app, that's my line").
  {
    re: /\b(?:i'm|im|i am|we're|were|we are)\s+not\s+(paying|spending)\s+more\s+than\s+((?:\$|€|£)?\d[\d,.]*\s?k?(?:\s+(?:a|per)\s+(?:month|week|year|night|day))?)\s+((?:on|for)\s+.+)/iu,
    build: (m) => [
      finding({
        kind: 'constraint',
        content: clean(
          `Will not ${m[1]!.toLowerCase() === 'paying' ? 'pay' : 'spend'} more than ${m[2]!.trim()} ${objectPhrase(m[3]!)}`,
        ),
        tags: ['money'],
      }),
    ],
  },
  // A spending cap said as a habit ("I never spend more than $150 on running shoes").
  {
    re: /\bi\s+never\s+spend\s+more\s+than\s+((?:\$|€|£)?\d[\d,.]*\s?k?)\s+(on\s+.+)/iu,
    build: (m) => [
      finding({
        kind: 'constraint',
        content: `Never spends more than ${m[1]!.trim()} ${objectPhrase(m[2]!)}`,
        tags: ['money'],
      }),
    ],
  },
  // A habit given up ("no more phone in bed, starting tonight"): a decision, whatever day it starts.
  {
    re: /^(?:yeah[.,]?\s*|ok[.,]?\s*|so\s+)?no\s+more\s+([\p{L}][\p{L}\s-]{2,40}?)(?=\s*(?:$|[,.;!]))/iu,
    momentaryVoids: false,
    build: (m) => decision('No more ', m[1]!),
  },
  // What the user can only do ("i can only get to the gym mon/wed/fri before work"): a limit to plan around.
  {
    re: /\bi\s+can\s+only\s+((?:get|make\s+it|do|train|work|meet|study|go|come|afford|spend|eat|drink|use|travel)\b.+)/iu,
    build: (m) => {
      const rest = objectPhrase(m[1]!);
      return deictic(rest) || rest.split(' ').length < 2
        ? []
        : [finding({ kind: 'constraint', content: `Can only ${impersonal(rest)}`, tags: ['schedule'] })];
    },
  },
  // "not a big dill person", "i'm more of a tea person": a taste said through the kind of person one is.
  {
    re: /\b(?:i(?:'m|m|\s+am)\s+)?(not\s+)?(?:a\s+(?:big|huge|real)\s+|more\s+of\s+an?\s+|an?\s+)([\p{L}-]+(?:\s+(?:and\s+)?[\p{L}-]+)?)\s+person\b/iu,
    build: (m) =>
      m[1]
        ? stance('preference', 'Is not a', `${m[2]!} person`, 'avoid', ['preference']).map((f) => ({
            ...f,
            facet: m[2]!.toLowerCase(),
          }))
        : stance('preference', 'Is a', `${m[2]!} person`, 'prefer', ['preference']).map((f) => ({
            ...f,
            facet: m[2]!.toLowerCase(),
          })),
  },
  // Decisions said in chat ("switched to colima", "let's do the zero based one", "ok dali it is").
  {
    re: new RegExp(
      String.raw`(?:^|${I}(?:'ve|ve|\s+have)?\s+|\b(?:ok|okay|so)\s+)(?:just\s+|finally\s+|now\s+)?switched\s+(?:over\s+|(?:the|my|our)\s+(?:[\p{L}-]+\s+){0,2}?)?to\s+(.+)`,
      'iu',
    ),
    build: (m) => decision('Switched to ', m[1]!),
  },
  // "Cool. Went with the Schwalbe Marathons btw.", "Going with the 7800X3D then.": a choice reported without its
  // subject.
  {
    re: /^(?:cool|ok|okay|so|yeah|update|fyi|in the end)?[.,!:]?\s*(?:in the end\s+|finally\s+)?(?:went|ended up going|going|gonna go)\s+with\s+(.+)/iu,
    build: (m) => decision('Chose ', m[1]!),
  },
  {
    re: /\b(?:let's|lets|let us)\s+(?:just\s+)?(?:go\s+with|go\s+for|do|pick|take)\s+(.+)/iu,
    build: (m) => decision('Chose ', m[1]!),
  },
  // A pet or one of the user's people named after a comma ("i have a cat, biscuit, who hates the engine running").
  {
    re: new RegExp(
      String.raw`${I}\s+(?:have|'ve\s+got|have\s+got)\s+(?:a|an)\s+([\p{L}-]+),\s+([\p{L}'-]+)(?=\s*[,.;!?)]|\s+who\b|\s*$)`,
      'iu',
    ),
    momentaryVoids: false,
    build: (m) => relative(m[1]!, m[2]!, m.input),
  },
  // What the user has: a thing, a person or an animal ("i have a gas stove and a big cast iron pan", "we have two
  // kids"), each one kept; not what one has for a moment or to do ("a question", "a meeting": NOT_POSSESSIONS).
  {
    re: new RegExp(
      String.raw`${I}\s+(?:have|'ve\s+got|have\s+got|own)\s+((?:a|an|two|three|four|five|\d+)\s+[\p{L}\d'-]+(?:\s+[\p{L}\d'-]+){0,4})`,
      'iu',
    ),
    // The things from the first one to the sentence's end (the match reads at most five words of the first).
    build: (m) => possessions((m.input ?? '').slice((m.index ?? 0) + m[0].length - m[1]!.length)),
  },
  // Things the user uses, speaks, wears, drives, has been to.
  {
    re: new RegExp(
      String.raw`${I}\s+(?:mostly\s+|mainly\s+|only\s+|also\s+)?(use|speak|wear|drive|own|play)\s+(.+)`,
      'iu',
    ),
    build: (m) => standingThing(m[1]!, m[2]!),
  },
  // What the user makes, keeps, hosts or lets as a standing part of their life ("I knit mostly socks and shawls",
  // "I host a weekly urban history podcast called Lost Streets", "I rent out a two-bed flat in Cardiff", "I keep
  // three hives"): a thing named, never a way of doing it ("I only knit with wool") or a pointer back ("I host
  // it"). What one keeps is counted or has an article ("I keep a 28ft Westerly on the Solent"), so that "I keep
  // forgetting", "I keep kosher" and "I keep food cost under 30%" are not things kept.
  {
    re: new RegExp(
      String.raw`${I}\s+(?:mostly\s+|mainly\s+|also\s+)?(host|knit|crochet|sew|brew|collect|rent\s+out|let\s+out|keep(?=\s+(?:a|an|two|three|four|five|six|\d+)\s))\s+(?!(?:with|in|on|at|for|from|by|to|into|about|without)\b)(.+)`,
      'iu',
    ),
    build: (m) => standingThing(m[1]!, m[2]!),
  },
  // Teaching or coaching as the user's work ("I teach Year 8 geography at a comp in Leeds", "I coach chess at a
  // primary school after-school club"): the work slot. Not the user's own people ("I teach my kids to swim").
  {
    re: /\bi\s+(?:currently\s+|also\s+)?(teach|coach|tutor)\s+(?!(?:my|our|me|myself|him|her|them|it|you|this|that|these|those|how|what)\b)(.+)/iu,
    build: (m) => {
      const object = objectPhrase(m[2]!);
      if (deictic(object) || object.split(/\s+/).length > 14) return [];
      return [
        finding({
          kind: 'fact',
          content: `${capitalise(thirdPerson(m[1]!))} ${impersonal(object)}`,
          key: 'job_title',
          confidence: CONFIDENCE.generic,
          tags: ['work'],
        }),
      ];
    },
  },
  {
    re: /\b[Ii](?:'ve|\s+have)\s+(?:already\s+)?been\s+to\s+(\p{Lu}.*)/u,
    build: (m) => {
      const object = objectPhrase(m[1]!);
      return [
        finding({
          kind: 'fact',
          content: `Has been to ${object}`,
          confidence: CONFIDENCE.generic,
          tags: ['travel'],
        }),
      ];
    },
  },
  // Age and height.
  {
    re: new RegExp(String.raw`\bi${AM}\s+(\d{1,2}'\s?\d{1,2}"?|\d\.\d{1,2}\s?m|1\d\d\s?cm)`, 'iu'),
    momentaryVoids: false,
    build: (m) => [finding({ kind: 'fact', content: `Is ${m[1]!} tall`, tags: ['body'] })],
  },
  {
    re: new RegExp(String.raw`\bi${AM}\s+(\d{1,3})(?:\s+years?\s+old|\s*y\/?o)\b`, 'iu'),
    momentaryVoids: false,
    build: (m) => [finding({ kind: 'fact', content: `Is ${m[1]!} years old`, tags: ['age'] })],
  },
  // "I am 81 and not good with these things": a bare number after "I am" is an age when the clause ends there
  // (not "I'm 30 minutes away", not "I'm 5 mins late").
  {
    re: new RegExp(
      String.raw`\bi${AM}\s+(?:now\s+|nearly\s+|almost\s+)?(1[3-9]|[2-9]\d|1[01]\d)(?=\s*(?:$|[,.;!?]|\s+(?:and|but|now|so|btw|lol)\b))`,
      'iu',
    ),
    momentaryVoids: false,
    build: (m) => [finding({ kind: 'fact', content: `Is ${m[1]!} years old`, tags: ['age'] })],
  },
];

/** The activity a physical limit is about, as its facet. */
const ACTIVITIES: Readonly<Record<string, string>> = {
  run: 'running',
  squat: 'squatting',
  sit: 'sitting',
};

/** Vehicles driven for a living: "I drive buses", "i drive a cab for Uber" say the user's work. */
const DRIVEN_FOR_WORK =
  /^(?:an?\s+)?(bus|buses|taxi|taxis|cab|cabs|trams?|trains?|lorry|lorries|ambulances?|trucks|forklifts?|school\s+bus(?:es)?)\b/iu;

/** "the word 'journey'", "the phrase 'big day'": the noun and the words quoted (masked in `rest`), or undefined. */
function namedWords(rest: string, quotes: readonly string[]): { noun: string; words: string } | undefined {
  const named = /^the\s+(word|phrase|term|expression)\s+\uE000(\d+)\uE001/iu.exec(rest.trim());
  const words = named ? quotes[Number(named[2])] : undefined;
  return named && words ? { noun: named[1]!.toLowerCase(), words } : undefined;
}

/** A word, phrase or thing the user wants kept out of what the assistant writes (the pattern above). */
function keptOutOfWriting(never: boolean, verb: string, rest: string, quotes: readonly string[]): Finding[] {
  const named = namedWords(rest, quotes);
  if (named)
    return [
      finding({
        kind: 'preference',
        content: `Does not want the ${named.noun} '${named.words}' used`,
        facet: named.words.toLowerCase(),
        polarity: 'avoid',
        confidence: CONFIDENCE.asked,
        tags: ['instruction'],
      }),
    ];
  const standing =
    never ||
    /\b(?:in\s+(?:anything|any|all|your)|when(?:ever)?\s+you\s+(?:talk|write|reply|answer|respond|draft))\b/iu.test(
      rest,
    );
  const object = objectPhrase(rest);
  const facet = standing && !deictic(object) ? facetOf(object) : undefined;
  if (facet === undefined || /\uE000/u.test(facet)) return [];
  return [
    finding({
      kind: 'preference',
      content: `Does not want ${facet} used${verb.startsWith('put') ? '' : ' in what is written for them'}`,
      facet,
      polarity: 'avoid',
      confidence: CONFIDENCE.asked,
      tags: ['instruction'],
    }),
  ];
}

/** "Rents out a two-bed flat": a verb (with its particle) and the thing, as a fact about the user. */
function standingThing(verb: string, rest: string): Finding[] {
  const object = objectPhrase(rest);
  // "while I drive and he reads": the verb stands alone, what follows is another clause.
  if (deictic(object) || /^(?:and|but|or|so|then)\b/i.test(object)) return [];
  const driven = verb.toLowerCase() === 'drive' ? DRIVEN_FOR_WORK.exec(object) : null;
  if (driven) {
    const said = driven[1]!.toLowerCase().replace(/\s+/g, ' ');
    // The singular: "buses" and "lorries" by hand, any other plural without its s ("bus" itself keeps it).
    const vehicle = said
      .replace(/buses$/, 'bus')
      .replace(/lorries$/, 'lorry')
      .replace(/(?<!bu)s$/, '');
    return [jobFinding(`${vehicle} driver`)];
  }
  const [head, ...particle] = verb.toLowerCase().split(/\s+/);
  return [
    finding({
      kind: 'fact',
      content: `${capitalise([thirdPerson(head!), ...particle].join(' '))} ${impersonal(object)}`,
      confidence: CONFIDENCE.generic,
      tags: ['fact'],
    }),
  ];
}

/** One fact per thing the user has, read on through "and a ..." ("a gas stove and a big cast iron pan"). */
function possessions(rest: string): Finding[] {
  const out: Finding[] = [];
  for (const item of rest.split(/\s*(?:,\s*(?:and\s+)?|\s+and\s+)(?=(?:a|an|two|three|four|five|\d+)\s)/iu)) {
    const phrase = objectPhrase(item);
    const words = phrase.toLowerCase().split(' ');
    if (words.length < 2 || words.length > 9 || deictic(phrase)) break;
    if (words.some((w) => NOT_POSSESSIONS.has(w)) || NOT_POSSESSIONS.has(words.slice(1).join(' '))) break;
    out.push(
      finding({
        kind: 'fact',
        content: `Has ${impersonal(phrase)}`,
        confidence: CONFIDENCE.generic,
        tags: ['fact'],
      }),
    );
  }
  return out;
}

function dietFinding(word: string): Finding[] {
  const content = DIETS[word.toLowerCase()];
  return content ? [finding({ kind: 'constraint', content, key: 'diet', tags: ['diet', 'food'] })] : [];
}

/**
 * Whether a phrase names an occupation: its last word or two is one ("night-shift nurse", "data scientist"), or its
 * last word is made like the name of a trade ("glassblower", "apprentice falconer", "air traffic controller") and is
 * not one of the agents that are no work ("beginner", "runner", "kidney donor").
 */
function isOccupation(phrase: string): boolean {
  const words = phrase.toLowerCase().split(/\s+/);
  const head = words.at(-1) ?? '';
  const pair = words.slice(-2).join(' ');
  if (OCCUPATIONS.has(head) || OCCUPATIONS.has(pair)) return true;
  return (
    head.length >= 6 &&
    OCCUPATION_SUFFIX.test(head) &&
    !AGENTS_NOT_OCCUPATIONS.has(head) &&
    !AGENTS_NOT_OCCUPATIONS.has(pair)
  );
}

/** The job of an occupation phrase, or nothing when the phrase names none. */
function occupation(phrase: string): Finding[] {
  return isOccupation(phrase) ? [jobFinding(phrase)] : [];
}

/** The job slot's fact; `said` is the article the user wrote, when there was one ("a UX designer"). */
function jobFinding(job: string, said?: string): Finding {
  const title = clean(job.replace(/\s+(?:at|for|with|on|in)\b.*$/i, ''));
  const article = said?.toLowerCase() ?? indefiniteArticle(title);
  return finding({ kind: 'fact', content: `Works as ${article} ${title}`, key: 'job_title', tags: ['work'] });
}

function identity(raw: string, sentence?: string): Finding[] {
  // "a Brazilian citizen applying for a UK visa": what one is ends before the participle that says what one does.
  // "an air traffic controller at Shannon, on the oceanic side" reaches here as "... controller at" when the place
  // was read apart: a preposition left at the end says nothing.
  // "a solicitor and my hours are all over the place": a clause with its own subject after "and" is not the role.
  const phrase = raw
    .replace(/\s+(?:and|but|so)\s+(?:my|our|his|her|their|i|we|he|she|they|it)\b.*$/iu, '')
    .replace(/\s+\p{L}+ing\b.*$/u, '')
    .replace(/\s+(?:at|for|with|on|in|of)$/iu, '');
  const words = phrase.toLowerCase().split(' ');
  const head = words.at(-1) ?? '';
  if (phrase === '' || NOT_IDENTITY.has(words[0]!) || NOT_IDENTITY.has(words.slice(0, 2).join(' ')))
    return [];
  // "a stout and porter person" is a taste: the kind-of-person pattern reads it.
  if (DIETS[head] !== undefined || head === 'person' || deictic(phrase)) return [];
  const article = indefiniteArticle(phrase);
  // "a product manager at Northwind Labs": the role, and the organisation when it is named with a capital; "a nurse
  // on a cardiac ward", "a teacher in a primary school": the role where it is done. Read before the whole phrase:
  // an organisation can end like a trade ("a cnc machinist at Kessler" read as the job "machinist at Kessler").
  const at = /^(.+?)\s+(at|for|with|on|in)\s+(.+)$/i.exec(phrase);
  if (at && isOccupation(at[1]!)) {
    // "a fintech called Ledgerly": the organisation's name after "called" or "named".
    const named = /\b(?:called|named)\s+(\p{Lu}[\p{L}\d&'-]*(?:\s+\p{Lu}[\p{L}\d&'-]*){0,3})/u.exec(at[3]!);
    const place = placeIn(at[3]!);
    const org = /^(?:on|in)$/i.test(at[2]!)
      ? undefined
      : (named?.[1] ?? (place && wholeName(place, sentence)));
    return [
      jobFinding(at[1]!),
      ...(org
        ? [finding({ kind: 'fact', content: `Works at ${org}`, key: 'employer', tags: ['work'] })]
        : []),
    ];
  }
  if (isOccupation(phrase)) {
    return [
      finding({ kind: 'fact', content: `Works as ${article} ${phrase}`, key: 'job_title', tags: ['work'] }),
    ];
  }
  return [
    finding({
      kind: 'fact',
      content: `Is ${article} ${phrase}`,
      confidence: CONFIDENCE.generic,
      tags: ['identity'],
    }),
  ];
}

/**
 * A name cut short by a pattern's word limit ("Kessler" of "a cnc machinist at Kessler Aero"), with the capitalised
 * words that follow it in the sentence.
 */
function wholeName(name: string, sentence?: string): string {
  if (sentence === undefined) return name;
  const after = new RegExp(`\\b${escapeRegExp(name)}((?:\\s+\\p{Lu}[\\p{L}\\d&'-]*){0,3})`, 'u').exec(
    sentence,
  );
  return clean(`${name}${after?.[1] ?? ''}`);
}

function relative(relation: string, word: string | undefined, sentence?: string, late = false): Finding[] {
  const name = properName(word, sentence);
  const key = RELATIONS[relation.toLowerCase()];
  if (!name || key === undefined) return [];
  const noun = relation.toLowerCase();
  const tag = key === 'pet:name' ? 'pet' : 'family';
  const content = late
    ? `Late ${noun} was called ${name}`
    : `Has ${indefiniteArticle(noun)} ${noun} called ${name}`;
  return [
    finding(
      key === '' ? { kind: 'fact', content, tags: [tag] } : { kind: 'fact', content, key, tags: [tag] },
    ),
  ];
}

/** A decision said as what is under way ("we're closing intake in December"): "Decided to close ...". */
function decidedUnderWay(progressive: string, rest: string): Finding[] {
  const verb = baseOfProgressive(progressive.toLowerCase());
  return verb === undefined ? [] : decision(`Decided to ${verb} `, rest);
}

function decision(prefix: string, rest: string): Finding[] {
  const object = objectPhrase(rest);
  if (deictic(object)) return [];
  return [
    finding({ kind: 'decision', content: clean(`${prefix}${impersonal(object)}`), tags: ['decision'] }),
  ];
}

const INTRANSITIVE_LIMITS = new Set(['drive', 'smoke', 'drink', 'fly', 'swim', 'cook']);

function negativeHabit(never: boolean, verb: string, rest: string): Finding[] {
  const object = objectPhrase(rest);
  // Not owning something, or not speaking a language, is a fact about the user, not a stance a later request could
  // contradict.
  if (verb === 'own' || verb === 'speak') {
    // "German beyond 'danke'": the language, without what qualifies it.
    const what =
      verb === 'speak'
        ? object.replace(/\s+(?:beyond|except|apart|other|at|very|well|much|fluently)\b.*$/i, '')
        : object;
    return deictic(what)
      ? []
      : [finding({ kind: 'fact', content: `Does not ${verb} ${impersonal(what)}`, tags: ['fact'] })];
  }
  // "i dont drink anymore": an adverb where the object would be says the verb stands alone.
  if (
    object === '' ||
    /^(?:so|and|but|or|because|which|anymore|any more|again|now|either|at all|much|often)$/i.test(object)
  ) {
    if (!INTRANSITIVE_LIMITS.has(verb)) return [];
    if (verb === 'drink') {
      return [
        finding({
          kind: 'preference',
          content: 'Does not drink alcohol',
          facet: 'alcohol',
          polarity: 'avoid',
          tags: ['food'],
        }),
      ];
    }
    return [
      finding({
        kind: 'constraint',
        content: never ? `Never ${thirdPerson(verb)}` : `Does not ${verb}`,
        tags: ['habit'],
      }),
    ];
  }
  const shown = never ? `Never ${thirdPerson(verb)}` : `Does not ${verb}`;
  const tags = ['eat', 'drink', 'cook with', 'order'].includes(verb) ? ['food'] : ['preference'];
  return stance('preference', shown, object, 'avoid', tags);
}
