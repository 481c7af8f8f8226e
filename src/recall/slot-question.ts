// Direct questions about one of the user's own slots ("What's my title?", "Who do I work for?", "Where do I live?")
// or people ("Which city is my mum in?"), and the memory keys that answer them: recall_candidates' key lane adds the subject's memories under those keys as
// candidates (issue 13). Such a memory is short and shares neither words nor much meaning with the question
// ("Regional sales manager for the Midwest at a medical devices company"), so among hundreds of chat turns neither
// lane finds it (the local model ranked them 55th to 105th in the lived-in benchmark); its key says what it is.
//
// The user's own slots are read in their common phrasings: a question about someone else's job ("What's my partner's
// job?") names no work slot of the user's, and one that merely mentions work ("Which POS system do we use at work?")
// none at all: a wrong key costs a place in the answer. A question about one of the user's people or animals ("Which
// city is my mum in?", "What's my partner's job?") names that person's keys; a request that mentions them ("Help me
// write a birthday message for my mom") does not. Keys are matched lower case, as written or by their family before
// ':' (the canonical vocabulary of src/core/slot-keys.ts, plus the plain words apps write: job, business, spouse).

/** The keys a slot's memories are written under, canonical first. */
const SLOT_KEYS = {
  work: [
    ...['job_title', 'employer', 'job', 'title', 'occupation', 'profession', 'role', 'position'],
    ...['work', 'career', 'company', 'business', 'workplace'],
  ],
  home: ['residence', 'home', 'address', 'city', 'location'],
  hometown: ['hometown', 'origin'],
  name: ['name', 'preferred_name'],
  birthday: ['birthday', 'birth_date', 'date_of_birth', 'dob', 'age'],
  // The user's people and animals: a question about one of them ("Which city is my mum in?", "How old are my
  // daughters?") is answered by the memory under that person's key (child:name by its family "child").
  partner: ['partner', 'spouse', 'wife', 'husband', 'boyfriend', 'girlfriend', 'fiance', 'fiancee'],
  child: ['child', 'children', 'kids', 'kid', 'son', 'daughter', 'baby'],
  parent: ['parent', 'parents', 'mother', 'father', 'mum', 'mom', 'dad'],
  sibling: ['sibling', 'siblings', 'sister', 'brother'],
  pet: ['pet', 'pets', 'dog', 'cat'],
} as const satisfies Record<string, readonly string[]>;

type Slot = keyof typeof SLOT_KEYS;

// "what's", "what is", "what exactly is", "what was".
const WHAT_IS = String.raw`\bwhat(?:'s|’s|\s+is|\s+exactly\s+is|\s+was)\s+`;
const ORGANISATION =
  'business|company|shop|store|firm|startup|practice|restaurant|cafe|café|bakery|studio|agency';

const QUESTIONS: readonly { slot: Slot; re: RegExp }[] = [
  {
    slot: 'work',
    re: new RegExp(
      `${WHAT_IS}my\\s+(?:current\\s+|exact\\s+|official\\s+|day\\s+)?(?:job(?:\\s+title)?|title|role|position|occupation|profession|line\\s+of\\s+work|career|employer)\\b`,
      'iu',
    ),
  },
  {
    slot: 'work',
    re: /\bwhat\s+do\s+i\s+do\s+(?:for\s+(?:a\s+living|work|money)|at\s+work)\b|\bwhat\s+(?:is|'s)\s+my\s+work\b/iu,
  },
  {
    slot: 'work',
    re: /\bwhere\s+(?:do|did)\s+i\s+work\b(?!\s+out\b)|\bwhere\s+am\s+i\s+(?:employed|working)\b|\bwho\s+(?:do|did)\s+i\s+work\s+for\b|\bwho\s+employs\s+me\b|\bwhat\s+company\s+do\s+i\s+work\s+(?:for|at)\b/iu,
  },
  {
    slot: 'work',
    re: new RegExp(
      `${WHAT_IS}the\\s+name\\s+of\\s+(?:my|our)\\s+(?:${ORGANISATION})\\b|\\bwhat\\s+(?:kind|sort|type)\\s+of\\s+(?:${ORGANISATION})\\s+do\\s+(?:i|we)\\s+(?:run|own|have)\\b|\\bwhat\\s+(?:${ORGANISATION})\\s+do\\s+(?:i|we)\\s+(?:run|own)\\b`,
      'iu',
    ),
  },
  {
    slot: 'home',
    re: /\bwhere\s+do\s+(?:i|we)\s+live\b|\bwhich\s+(?:city|town|country|neighbou?rhood)\s+do\s+(?:i|we)\s+live\s+in\b|\bwhat(?:'s|’s|\s+is)\s+my\s+(?:home\s+)?address\b/iu,
  },
  {
    slot: 'hometown',
    re: /\bwhere\s+am\s+i\s+(?:originally\s+)?from\b|\bwhere\s+did\s+i\s+grow\s+up\b|\bwhat(?:'s|’s|\s+is)\s+my\s+hometown\b/iu,
  },
  {
    slot: 'name',
    re: /\bwhat(?:'s|’s|\s+is)\s+my\s+(?:first\s+|full\s+|preferred\s+|nick)?name\b|\bwhat\s+(?:should|do)\s+you\s+call\s+me\b/iu,
  },
  {
    slot: 'birthday',
    re: /\bwhen(?:'s|’s|\s+is)\s+my\s+birthday\b|\bhow\s+old\s+am\s+i\b/iu,
  },
  // Chinese: 我的工作是什么, 我是做什么的, 我在哪(里)上班, 我住在哪, 我叫什么, 我的生日是哪天.
  {
    slot: 'work',
    re: /我(?:的)?(?:工作|职业|职位|岗位|头衔)是(?:什么|啥)|我是(?:做|干)(?:什么|啥)(?:工作)?的|我在(?:哪|哪里|哪儿|什么公司)(?:工作|上班)/u,
  },
  { slot: 'home', re: /我(?:们)?(?:现在)?住(?:在)?(?:哪|哪里|哪儿)|我(?:的|家)?地址是(?:什么|啥)/u },
  { slot: 'name', re: /我叫(?:什么|啥)(?:名字)?|我的名字是(?:什么|啥)/u },
  { slot: 'birthday', re: /我(?:的)?生日是(?:哪天|什么时候|几号|几月几号)|我(?:今年)?(?:多大|几岁)/u },
];

// Someone else's slot: "my partner's job", "my sister's address", "what does my husband do for a living".
const SOMEONE_ELSE =
  /\bmy\s+(?:[\p{L}-]+\s+)?(?:partner|wife|husband|spouse|boyfriend|girlfriend|son|daughter|kid|child|mum|mom|mother|dad|father|sister|brother|sis|friend|boss|colleague|neighbou?r|other\s+half|ex)(?:'s|’s|s')\b|我(?:的)?(?:老公|老婆|丈夫|妻子|爱人|男朋友|女朋友|儿子|女儿|孩子|爸爸|妈妈|爸|妈|哥哥|姐姐|弟弟|妹妹|朋友|同事)/iu;

// A question (not a request such as "Help me write a birthday message for my mom") about one of the user's people.
const ASKS =
  /^(?:(?:so|and|ok|hey|quick question|remind me)[,:]?\s+)*(?:what|what's|who|who's|where|where's|which|when|when's|how|is|are|does|do|did|remind me)\b/iu;
const RELATIONS: readonly { slot: Slot; re: RegExp }[] = [
  {
    slot: 'partner',
    re: /\bmy\s+(?:partner|wife|husband|spouse|boyfriend|girlfriend|fianc[eé]e?|other\s+half)\b/iu,
  },
  {
    slot: 'child',
    re: /\bmy\s+(?:little\s+|eldest\s+|youngest\s+|oldest\s+|older\s+|younger\s+)?(?:kids?|children|child|sons?|daughters?|boys?|girls?|little\s+one|baby)\b/iu,
  },
  { slot: 'parent', re: /\bmy\s+(?:mum|mom|mother|dad|father|parents)\b/iu },
  {
    slot: 'sibling',
    re: /\bmy\s+(?:little\s+|big\s+|older\s+|younger\s+|twin\s+)?(?:sis|sister|brother|bro|siblings?)\b/iu,
  },
  { slot: 'pet', re: /\bmy\s+(?:dog|cat|pet|puppy|kitten)\b/iu },
  // Chinese: 我老公是做什么的, 我儿子叫什么, 我妈现在住在哪, 我家猫几岁了.
  { slot: 'partner', re: /我(?:的)?(?:老公|老婆|丈夫|妻子|爱人|男朋友|女朋友|对象)/u },
  { slot: 'child', re: /我(?:的|家)?(?:儿子|女儿|孩子|宝宝|老大|老二|闺女)/u },
  { slot: 'parent', re: /我(?:的)?(?:爸爸|妈妈|父亲|母亲|爸|妈)/u },
  { slot: 'sibling', re: /我(?:的)?(?:哥哥|姐姐|弟弟|妹妹|哥|姐)/u },
  { slot: 'pet', re: /我(?:的|家)?(?:猫|狗|猫咪|狗狗)/u },
];
// A Chinese question: an asking word or a question particle at the end.
const ASKS_ZH = /什么|啥|哪|谁|几|多大|多少|怎么样|吗[？?]?\s*$|呢[？?]?\s*$|[？?]\s*$/u;

/**
 * The keys whose memories answer a direct question about one of the user's own slots, lower case; empty when the
 * query asks about no slot of the user's (most queries).
 */
export function slotKeys(query: string): string[] {
  const slots = new Set<Slot>();
  if (!SOMEONE_ELSE.test(query)) for (const { slot, re } of QUESTIONS) if (re.test(query)) slots.add(slot);
  if (ASKS.test(query.trim()) || ASKS_ZH.test(query))
    for (const { slot, re } of RELATIONS) if (re.test(query)) slots.add(slot);
  return [...slots].flatMap((slot) => [...SLOT_KEYS[slot]]);
}
