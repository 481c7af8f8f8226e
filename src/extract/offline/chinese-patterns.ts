// The Chinese pattern table: explicit statements of the user (我不吃..., 我对...过敏, 我住在..., 我的...叫...), each
// turned into findings with the slot, facet and polarity the pattern implies. Content drops 我.
import { familyKey } from '../../core/slot-keys.ts';
import {
  ZH_CONDITIONS,
  ZH_DIETS,
  ZH_NOT_OCCUPATIONS,
  ZH_NOT_ORG,
  ZH_OCCUPATION,
  ZH_OCCUPATION_ENDING,
  ZH_PLACES,
  ZH_RELATIONS,
  ZH_SLOT_NOUNS,
  ZH_WORK_FIELDS,
} from './chinese-lexicon.ts';
import { CONFIDENCE, type Finding, stated as finding } from './finding.ts';
import type { Pattern } from './patterns.ts';
import { insideToken } from './text.ts';

/** Adverbs that may sit between 我 and the verb ("我一直都不喝酒", "我也特别喜欢"). */
const ADV =
  '(?:也|还|都|就|一直|从来|向来|一向|真的|真|特别|非常|很|挺|最|比较|有点|现在|目前|已经|本来|其实|确实|超|超级|蛮|还是|可|实在|本人|自己)*';
// A space ends a clause (dictation writes no commas), not one between two Latin words ("best、top rated这种词").
const END = /[,;:!?()]|(?<![A-Za-z])\s|\s(?![A-Za-z])|但|但是|可是|不过|因为|所以|而且|然后|并且|\uE000/;
const TRAILING = /(?:了|啦|呀|啊|哦|的|吧|嘛|呢|哈|哈哈|去|来)+$/;
// Pointing back into the conversation ("这首歌", "你说的办法"): no thing can be read from it.
const DEICTIC = /^(?:他|她|它|他们|她们|一切|什么|啥)$|^(?:这|那)|你|您/;
const LEADING_VERB = /^(?:在|去|到|喝|吃|看|玩|听|用|穿|逛|打|做|学|吃点|喝点)(?=.)/;

/** The object of a statement: up to the clause's end, particles trimmed ("香菜了，" -> 香菜). */
export function object(rest: string): string {
  const end = END.exec(rest);
  // A boundary inside a token ("mongodb+srv://...") would keep a piece of it: nothing is read then.
  if (end && insideToken(rest, end.index)) return '';
  const cut = (end ? rest.slice(0, end.index) : rest).trim();
  return cut.replace(TRAILING, '').trim();
}

/**
 * The thing a stance is about: the object without a leading determiner or verb ("那些专业术语" -> 专业术语, "喝乌龙茶" ->
 * 乌龙茶); undefined if deictic.
 */
export function facetOf(phrase: string): string | undefined {
  const determined = /^(?:什么|任何|那些|这些|那种|这种|那类|这类)/.test(phrase);
  const facet = phrase
    .replace(/^(?:什么|任何|那些|这些|那种|这种|那类|这类)/, '')
    .replace(LEADING_VERB, '')
    .replace(/^(?:太|很|特别)/, '')
    .trim();
  if (facet === '' || DEICTIC.test(facet) || [...facet].length > 12) return undefined;
  // "这种词" after a quote that is not read: the kind alone ("词") names no thing.
  if (determined && [...facet].length < 2) return undefined;
  return facet.toLowerCase();
}

function stance(
  kind: 'preference' | 'constraint',
  verb: string,
  rest: string,
  polarity: 'prefer' | 'avoid',
  tags: string[],
): Finding[] {
  const phrase = object(rest);
  if (phrase === '' || DEICTIC.test(phrase)) return [];
  // "不能吃太咸的" (too salty things) limits a quality, not a thing: a constraint without a facet.
  if (kind === 'constraint' && /^(?:太|很|特别|比较|偏)/.test(phrase))
    return [finding({ kind, content: `${verb}${phrase}`, tags })];
  // "香菜和葱": one stance per thing.
  const parts = phrase.split(/和|跟|、|还有|以及/).filter((p) => p.trim() !== '');
  return parts.flatMap((part) => {
    const facet = facetOf(part.trim());
    return facet === undefined
      ? []
      : [finding({ kind, content: `${verb}${part.trim()}`, facet, polarity, tags })];
  });
}

function allergies(list: string): Finding[] {
  return object(list)
    .split(/和|跟|、|与|及|还有|以及/)
    .map((t) =>
      t
        .replace(/^(?:对)/, '')
        .replace(/(?:也|都|有点|有些|特别|非常|很|比较|严重)+$/, '')
        .trim(),
    )
    .filter((t) => t !== '' && !DEICTIC.test(t))
    .flatMap((thing) => {
      const key = familyKey('allergy', thing);
      return key === undefined
        ? []
        : [
            finding({
              kind: 'constraint',
              content: `对${thing}过敏`,
              key,
              facet: thing.toLowerCase(),
              polarity: 'avoid',
              tags: ['allergy', 'health'],
            }),
          ];
    });
}

function name(raw: string): string | undefined {
  // A name is a few characters of a word, never a piece of a longer token (a key, a handle with digits).
  if (/[0-9_]/.test(raw) || /^[A-Za-z]{7,}/.test(raw)) return undefined;
  const n = raw.replace(/(?:就行了|就行|就好|就可以|好了|吧|就是|哦|啦)$/, '').trim();
  if (n === '' || DEICTIC.test(n) || /什么|啥|谁/.test(n) || [...n].length > 5) return undefined;
  return n;
}

/** A named relative or pet ("女儿叫朵朵"), in the slot of that relation. */
function relative(relation: string, raw: string): Finding[] {
  const n = name(raw);
  const key = ZH_RELATIONS[relation];
  if (!n || key === undefined || /^[我你他她它]/.test(n)) return [];
  const content = `${relation}叫${n}`;
  const tags = [key === 'pet:name' ? 'pet' : 'family'];
  return [finding(key === '' ? { kind: 'fact', content, tags } : { kind: 'fact', content, key, tags })];
}

/** Words that start with 小 or 阿 but are no one's name ("我女儿小时候", "我儿子小学三年级"). */
const NOT_NICKNAMES =
  /^(?:小时|小学|小气|小心|小区|小孩|小说|小组|小费|小朋|小伙|小事|小吃|小店|小声|小号|小便|小病|小脾|小腿|小手|阿姨|阿婆|阿公)$/;

function place(raw: string): string | undefined {
  const p = object(raw).replace(/^(?:了|去|到|在)/, '');
  // "和我们住在一起": living together is no place.
  return p === '' || DEICTIC.test(p) || /^一起/.test(p) ? undefined : p;
}

/** An occupation by its name or by how a trade's name ends ("高铁乘务员"), not a member or a beginner. */
function isZhOccupation(what: string): boolean {
  return (
    ZH_OCCUPATION.test(what) ||
    (what.length >= 2 && ZH_OCCUPATION_ENDING.test(what) && !ZH_NOT_OCCUPATIONS.test(what))
  );
}

export const REL = Object.keys(ZH_RELATIONS)
  .sort((a, b) => b.length - a.length)
  .join('|');
const SLOT_NOUNS = Object.keys(ZH_SLOT_NOUNS).join('|');
// The user's people (not pets), longest first, with the short forms chat uses ("我爸", "我妈").
const FAMILY = [
  ...Object.keys(ZH_RELATIONS).filter((r) => ZH_RELATIONS[r] !== 'pet:name'),
  ...['爸', '妈', '父亲', '母亲', '爷爷', '奶奶', '外公', '外婆'],
]
  .sort((a, b) => b.length - a.length)
  .join('|');

// The user's people that ZH_RELATIONS names (not pets), longest first.
const FAMILY_NAMED = Object.keys(ZH_RELATIONS)
  .filter((r) => ZH_RELATIONS[r] !== 'pet:name')
  .sort((a, b) => b.length - a.length)
  .join('|');

/** In priority order: the first pattern to read a clause wins it. */
export const CHINESE_PATTERNS: Pattern[] = [
  {
    re: new RegExp(`我${ADV}对(.+?)(?:也|都|有点|有些|特别|非常|很|比较|严重)*过敏`),
    build: (m) => allergies(m[1]!),
  },
  { re: new RegExp(`我${ADV}有?([^\\s,;:!?对]{1,8}?)过敏`), build: (m) => allergies(m[1]!) },
  {
    // "我们家吃清真的": the household's diet is the user's.
    re: new RegExp(`我(?:们家|们|家)?${ADV}(?:开始)?(${ZH_DIETS})`),
    build: (m) => [finding({ kind: 'constraint', content: m[1]!, key: 'diet', tags: ['diet', 'food'] })],
  },
  {
    re: new RegExp(`我${ADV}(?:是|有|患有|得了|得过)?(${ZH_CONDITIONS})`),
    momentaryVoids: false,
    build: (m) => [finding({ kind: 'constraint', content: `有${m[1]!}`, tags: ['health'] })],
  },
  // A diagnosis said without the subject ("前阵子查出来桥本甲状腺炎", "去年确诊了强直性脊柱炎"), at a clause's start:
  // after someone else ("我妈查出来糖尿病") it is theirs.
  {
    re: new RegExp(
      `(?:^|,)\\s*我?(?:前阵子|前段时间|最近|去年|今年|上个月|上周|前年|之前|刚刚|刚)?被?(?:查出来|查出|确诊了|确诊|诊断出来|诊断出)(?:了)?(?:是)?(${ZH_CONDITIONS})`,
    ),
    momentaryVoids: false,
    build: (m) => [finding({ kind: 'constraint', content: `有${m[1]!}`, tags: ['health'] })],
  },
  {
    re: new RegExp(`我${ADV}(不能|不可以|不敢|不宜|没法)(吃|喝|碰)(.+)`),
    build: (m) => stance('constraint', `${m[1]!}${m[2]!}`, m[3]!, 'avoid', ['food']),
  },
  // "我自己吃不了辣": what the user cannot take.
  {
    re: new RegExp(`我${ADV}(?:自己)?(吃不了|喝不了|吃不惯|受不了)([^,;:!?\\s]{1,6}?)(?=[,;:!?\\s]|$|的)`),
    build: (m) => stance('preference', m[1]!, m[2]!, 'avoid', ['preference']),
  },
  // Likes and dislikes.
  {
    re: new RegExp(`我${ADV}(不太|不怎么|不是很|不是特别|一点也不|一点都不|不)(喜欢|爱)(.+)`),
    pastVoids: true,
    build: (m) => stance('preference', `${m[1]!}${m[2]!}`, m[3]!, 'avoid', ['preference']),
  },
  {
    // Not "烦死了" (how annoying!), an exclamation.
    re: new RegExp(`我${ADV}(讨厌|受不了|反感|厌恶|烦(?!死)|恨|不爱)(.+)`),
    pastVoids: true,
    build: (m) => stance('preference', m[1]!, m[2]!, 'avoid', ['preference']),
  },
  {
    re: new RegExp(`我${ADV}(喜欢|爱死了|爱死|爱|热爱|超爱|最爱|偏爱|更喜欢|迷上了|爱上了|喜爱)(.+)`),
    pastVoids: true,
    build: (m) => stance('preference', '喜欢', m[2]!, 'prefer', ['preference']),
  },
  {
    re: /(?:^|,)([^,;:!?我]{1,12}?)我(?:真的|实在|真|最)?(受不了|讨厌|不喜欢)/,
    pastVoids: true,
    build: (m) => stance('preference', `${m[2]!}`, m[1]!, 'avoid', ['preference']),
  },
  {
    re: new RegExp(`(?:^|,)(?:我)?${ADV}(?:能吃|爱吃)(辣)|无(辣)不欢`),
    pastVoids: true,
    build: (m) => {
      const thing = m[1] ?? m[2]!;
      return [
        finding({
          kind: 'preference',
          content: `能吃${thing}`,
          facet: thing,
          polarity: 'prefer',
          tags: ['food'],
        }),
      ];
    },
  },
  // Habits said with 不: what is not eaten, drunk or done.
  {
    re: new RegExp(
      `我${ADV}(?:从来|从|一直|一向|向来|也|都|还)*(不再|从不|很少|不)(吃|喝|碰|抽|坐|用|穿|养)(.+)`,
    ),
    pastVoids: true,
    build: (m) => stance('preference', `${m[1]!}${m[2]!}`, m[3]!, 'avoid', ['preference']),
  },
  // Where the user lives and comes from.
  {
    re: new RegExp(`我${ADV}([^,;:!?]{0,6}?)(?:住在|搬到|搬去|搬来|搬家到|定居在|定居|落户)(.+)`),
    momentaryVoids: false,
    build: (m) => {
      if (/想|要|打算|准备|计划|会|希望|说|可能|也许|以后|将来|明年/.test(m[1]!)) return [];
      const where = place(m[2]!);
      return where
        ? [finding({ kind: 'fact', content: `住在${where}`, key: 'residence', tags: ['location'] })]
        : [];
    },
  },
  // "我住武汉 东湖边上": 住 without 在, only before a place the lexicon knows ("我住院了", "我住了三天" are not).
  {
    re: new RegExp(`我${ADV}住([^,;:!?\\s的了过着院宿]{2,6}?)(?=[,;:!?\\s]|$)`),
    momentaryVoids: false,
    build: (m) =>
      ZH_PLACES.test(m[1]!)
        ? [finding({ kind: 'fact', content: `住在${m[1]!}`, key: 'residence', tags: ['location'] })]
        : [],
  },
  {
    re: /(?<=^我[\s\S]*?,\s*)(?:现在|目前)?住在(.+)/,
    momentaryVoids: false,
    build: (m) => {
      const where = place(m[1]!);
      return where
        ? [finding({ kind: 'fact', content: `住在${where}`, key: 'residence', tags: ['location'] })]
        : [];
    },
  },
  {
    re: new RegExp(`我${ADV}在([^,;:!?]{1,8}?)(?:住了|住|生活了|生活)`),
    momentaryVoids: false,
    build: (m) => {
      const where = place(m[1]!);
      if (!where || ZH_NOT_ORG.test(where)) return [];
      return [finding({ kind: 'fact', content: `住在${where}`, key: 'residence', tags: ['location'] })];
    },
  },
  // "回老家成都过年", "我老家在四川": where the user is from, when the place is one the lexicon knows.
  {
    re: /老家(?:在|是)?([^\s,;:!?的]{2,6})/,
    momentaryVoids: false,
    build: (m) => {
      // The longest start of what follows that names a place ("西安看看爸妈" -> 西安).
      const run = [...m[1]!];
      for (let n = run.length; n >= 2; n--) {
        const where = run.slice(0, n).join('');
        if (ZH_PLACES.test(where))
          return [finding({ kind: 'fact', content: `老家在${where}`, key: 'hometown', tags: ['location'] })];
      }
      return [];
    },
  },
  // "回成都老家": the place before 老家.
  {
    re: /([^\s,;:!?回去到在]{2,4})老家/,
    momentaryVoids: false,
    build: (m) => {
      const run = [...m[1]!];
      for (let n = 2; n <= run.length; n++) {
        const where = run.slice(run.length - n).join('');
        if (ZH_PLACES.test(where))
          return [finding({ kind: 'fact', content: `老家在${where}`, key: 'hometown', tags: ['location'] })];
      }
      return [];
    },
  },
  // A decision announced ("我想好了,年底前换工作").
  {
    re: /(?:^|,)\s*我?想好了[,\s]*([^,;:!?]{2,20})/,
    build: (m) => [
      finding({ kind: 'decision', content: `决定${m[1]!.replace(/[。.!]+$/, '')}`, tags: ['decision'] }),
    ],
  },
  // A budget's cap ("预算最多十五万", "预算不超过5000"): a limit to keep to.
  {
    re: /预算(?:最多|不超过|不能超过|控制在|上限)(?:是)?([^\s,;:!?]{1,8}?)(?=[,;:!?\s]|$|以内|之内|吧|哈)/,
    build: (m) => [finding({ kind: 'constraint', content: `预算最多${m[1]!}`, tags: ['money'] })],
  },
  {
    re: new RegExp(`我${ADV}(?:来自|是从)(.+?)(?:来的)?$`),
    momentaryVoids: false,
    build: (m) => {
      const where = place(m[1]!);
      return where
        ? [finding({ kind: 'fact', content: `来自${where}`, key: 'hometown', tags: ['location'] })]
        : [];
    },
  },
  // Study and work.
  {
    re: new RegExp(`我${ADV}在(.+?)(读书|读|念书|念|就读|上学|上大学)(.*)`),
    build: (m) => {
      const school = m[1]!.trim();
      if (ZH_NOT_ORG.test(school) || ZH_PLACES.test(school)) return [];
      return [
        finding({
          kind: 'fact',
          content: `在${school}${m[2]!}${object(m[3]!)}`,
          key: 'school',
          tags: ['education'],
        }),
      ];
    },
  },
  {
    re: new RegExp(`我${ADV}在(.+?)(?:做|当|担任|任)(.+)`),
    build: (m) => {
      const org = m[1]!.trim();
      const job = object(m[2]!);
      if (ZH_NOT_ORG.test(org) || !isZhOccupation(job)) return [];
      const out = [finding({ kind: 'fact', content: `是${job}`, key: 'job_title', tags: ['work'] })];
      if (!ZH_PLACES.test(org))
        out.unshift(finding({ kind: 'fact', content: `在${org}工作`, key: 'employer', tags: ['work'] }));
      return out;
    },
  },
  {
    re: new RegExp(`我${ADV}在(.+?)(?:工作|上班|实习|任职|打工)`),
    build: (m) => {
      const org = m[1]!.trim();
      if (ZH_NOT_ORG.test(org)) return [];
      // "在一家国企做财务工作": a role inside the place is the job; a place named only by its kind ("一家国企") is no
      // employer.
      const role = /^(.+?)(?:做|当|负责)(.+)$/.exec(org);
      if (role) {
        const where = role[1]!.replace(/^(?:一家|一个|某家|某个)/, '');
        const named = !/^(?:一家|一个|某家|某个)/.test(role[1]!) && !ZH_PLACES.test(role[1]!);
        return [
          ...(named
            ? [finding({ kind: 'fact', content: `在${role[1]!}工作`, key: 'employer', tags: ['work'] })]
            : []),
          finding({ kind: 'fact', content: `在${where}做${role[2]!}工作`, key: 'job_title', tags: ['work'] }),
        ];
      }
      if (ZH_PLACES.test(org)) return [finding({ kind: 'fact', content: `在${org}工作`, tags: ['work'] })];
      return [finding({ kind: 'fact', content: `在${org}工作`, key: 'employer', tags: ['work'] })];
    },
  },
  {
    re: new RegExp(`我${ADV}是(?:做|搞|干|当)([^,;:!?]{1,10}?)的`),
    build: (m) => [finding({ kind: 'fact', content: `做${m[1]!}`, key: 'job_title', tags: ['work'] })],
  },
  // "我做销售的" without "是": only a field of work, since "我做饭的时候" and "我搞错的" say nothing of a job.
  {
    re: new RegExp(`我${ADV}(?:做|搞|干)([^,;:!?\\s]{1,6}?)的(?=[,;:!?\\s]|$)`),
    build: (m) =>
      ZH_WORK_FIELDS.test(m[1]!)
        ? [finding({ kind: 'fact', content: `做${m[1]!}`, key: 'job_title', tags: ['work'] })]
        : [],
  },
  {
    // A space ends the clause too: dictation without punctuation ("我是程序员 下班回家就躺床上刷手机").
    re: new RegExp(`我${ADV}是(?:一名|一个|一位|个|名|位)?([^,;:!?\\s]{1,10}?)(?=[,;:!?\\s]|$)`),
    build: (m) => {
      const what = m[1]!.replace(TRAILING, '');
      if (isZhOccupation(what))
        return [finding({ kind: 'fact', content: `是${what}`, key: 'job_title', tags: ['work'] })];
      const people = /^(.+)人$/.exec(what);
      if (people && ZH_PLACES.test(people[1]!)) {
        return [finding({ kind: 'fact', content: `是${what}`, key: 'hometown', tags: ['location'] })];
      }
      return [];
    },
  },
  // Names, the user's people and pets.
  {
    re: /我(?:的名字|名字)?叫([^\s,;:!?]{1,6})/,
    momentaryVoids: false,
    build: (m) => {
      const n = name(m[1]!);
      return n ? [finding({ kind: 'fact', content: `叫${n}`, key: 'name', tags: ['name'] })] : [];
    },
  },
  {
    re: /我(?:的)?名字是([^\s,;:!?]{1,6})/,
    momentaryVoids: false,
    build: (m) => {
      const n = name(m[1]!);
      return n ? [finding({ kind: 'fact', content: `叫${n}`, key: 'name', tags: ['name'] })] : [];
    },
  },
  {
    // Not someone asking the user to do something ("儿子叫我去超市", "老板叫我明天早点来"): what follows 叫我 there
    // starts with a verb or a time.
    re: /(?:可以|就|直接|都|请)?叫我(?![去来做帮回起吃喝别不把给写买看拿送接陪早晚明今先再赶快])([^\s,;:!?]{1,8})/,
    momentaryVoids: false,
    build: (m) => {
      const n = name(m[1]!);
      return n
        ? [finding({ kind: 'fact', content: `希望被叫${n}`, key: 'preferred_name', tags: ['name'] })]
        : [];
    },
  },
  {
    re: new RegExp(
      `我(?:的|家|家的)?(${REL})(?:的名字|的小名|小名|大名|的大名|乳名)?(?:叫|名叫|叫做|的名字是)([^\\s,;:!?]{1,4}?)(?=[,;:!?]|$|今年|也|他|她|它|是|很|特别|每)`,
    ),
    momentaryVoids: false,
    build: (m) => relative(m[1]!, m[2]!),
  },
  {
    re: new RegExp(
      `我(?:们)?(?:家)?(?:养了|养着|有|养)(?:一|两|二|三)?(?:只|条|个|位)?(${REL}),?\\s*(?:它|他|她)?(?:叫|名叫|叫做)([^\\s,;:!?]{1,4}?)(?=[,;:!?]|$)`,
    ),
    momentaryVoids: false,
    build: (m) => relative(m[1]!, m[2]!),
  },
  // A name said straight after the person, as chat writes nicknames ("我男朋友阿杰倒是不过敏", "我老婆小雨嫌我通勤太累").
  {
    re: new RegExp(
      `我(?:的|家)?(${FAMILY_NAMED})((?:小|阿)[\\p{Script=Han}])(?=[\\p{Script=Han},;:!?]|$)`,
      'u',
    ),
    momentaryVoids: false,
    build: (m) => (NOT_NICKNAMES.test(m[2]!) ? [] : relative(m[1]!, m[2]!)),
  },
  // The person and the name at the start of a clause, after another ("我老婆叫阿芳，孩子叫豆豆").
  {
    re: new RegExp(
      `(?:^|,)(${FAMILY_NAMED})(?:叫|名叫)([^\\s,;:!?]{1,4}?)(?=[,;:!?]|$|今年|也|是|很|特别|每)`,
    ),
    momentaryVoids: false,
    build: (m) => relative(m[1]!, m[2]!),
  },
  // Animals counted then named one by one ("养了两只猫😂 一只英短叫土豆，一只橘猫叫可乐").
  {
    re: /(?:^|,|\s)一只([^\s,;:!?叫的]{1,4}?)(?:叫|名叫)([^\s,;:!?]{1,4}?)(?=[,;:!?]|$)/,
    momentaryVoids: false,
    build: (m) => {
      const n = name(m[2]!);
      return n
        ? [finding({ kind: 'fact', content: `有一只叫${n}的${m[1]!}`, key: 'pet:name', tags: ['pet'] })]
        : [];
    },
  },
  // What the household has, counted ("我们家有两只猫"): a fact about the home.
  {
    re: /我(?:们)?家(?:里)?(?:有|养了|养着)((?:一|两|二|三|四|五|\d+)(?:只|条|个|台|辆|套)[^\s,;:!?叫的]{1,6})/,
    build: (m) => {
      const what = object(m[1]!);
      return what === '' ? [] : [finding({ kind: 'fact', content: `家里有${what}`, tags: ['home'] })];
    },
  },
  // Something learned for a while ("我学古筝两年了"): a lasting activity.
  {
    re: new RegExp(
      `我${ADV}(?:在)?学([^\\s,;:!?了]{1,6}?)(?:已经|有)?((?:一|两|二|三|四|五|六|七|八|九|十|半|\\d)+(?:个月|年|年多|个多月))了`,
    ),
    build: (m) => [finding({ kind: 'fact', content: `学${m[1]!}${m[2]!}了`, tags: ['learning'] })],
  },
  // An animal named by its kind ("我家有只柯基叫豆包", "刚领养了一只三花，叫年糕"): the classifier 只 or 条 says it is
  // a pet.
  {
    re: /(?:我(?:们)?家?|^)(?:刚|刚刚|新)?(?:领养了|收养了|捡了|养了|养着|有|养)(?:一|两|二|三)?(?:只|条)([^\s,;:!?叫的]{1,4}?)(?:,\s*(?:它|他|她))?,?\s*(?:叫|名叫|叫做)([^\s,;:!?]{1,4}?)(?=[,;:!?]|$)/,
    momentaryVoids: false,
    build: (m) => {
      const n = name(m[2]!);
      return n
        ? [finding({ kind: 'fact', content: `有一只叫${n}的${m[1]!}`, key: 'pet:name', tags: ['pet'] })]
        : [];
    },
  },
  // A child's name said straight after the word, before the age ("我儿子乐乐两岁半").
  {
    re: /我(?:的|家)?(儿子|女儿)([^\s,;:!?\d一二两三四五六七八九十今去明岁个也很都是]{2})(?=[一二两三四五六七八九十\d]+岁|今年)/,
    momentaryVoids: false,
    build: (m) => relative(m[1]!, m[2]!),
  },
  // The employer in the clause after the user's own ("我是一名UI设计师，目前在字节跳动工作").
  {
    re: /(?<=我[^,;:!?]*,\s*)(?:现在|目前)在([^,;:!?]{2,12}?)(?:工作|上班|任职)/,
    build: (m) => {
      const org = m[1]!.trim();
      return ZH_NOT_ORG.test(org) || ZH_PLACES.test(org) || /^(?:一家|一个|某)/.test(org)
        ? []
        : [finding({ kind: 'fact', content: `在${org}工作`, key: 'employer', tags: ['work'] })];
    },
  },
  // What the user rules out ("我不考虑需要经常出差的岗位"): a limit on every later suggestion.
  {
    re: new RegExp(`我${ADV}(?:暂时)?不(?:考虑|接受)(?!了)([^,;:!?]{2,20})`),
    build: (m) => {
      const what = object(m[1]!);
      return what === '' || DEICTIC.test(what)
        ? []
        : [finding({ kind: 'constraint', content: `不考虑${what}`, tags: ['limit'] })];
    },
  },
  // An age said bare ("我35岁", "我今年32"): a fact.
  {
    re: /我(?:今年)?(\d{1,2})(?:岁|周岁)?(?=[,;:!?\s]|$)/,
    momentaryVoids: false,
    build: (m) => {
      const age = Number(m[1]);
      return age >= 10 && age <= 99
        ? [finding({ kind: 'fact', content: `今年${age}岁`, tags: ['age'] })]
        : [];
    },
  },
  // What the user can only do, or only when ("每天只能练半小时", "只有晚上7点以后和周末能学"): a limit to plan around.
  {
    // Not the idiom "只能说..." (all one can say is ...).
    re: /(?:^|,)(?:我)?((?:每天|每周|平时|周末|工作日|白天|晚上)?只能(?!说|这样|如此)[^,;:!?]{2,14}|只有[^,;:!?]{2,14}?(?:才)?能[^,;:!?]{1,8})/,
    build: (m) => [finding({ kind: 'constraint', content: m[1]!.trim(), tags: ['schedule', 'limit'] })],
  },
  // A due date ("二宝预产期在三月"): a fact about the family.
  {
    re: /((?:二宝|宝宝|老二|孩子)?预产期(?:在|是)[^,;:!?]{1,10})/,
    momentaryVoids: false,
    build: (m) => [finding({ kind: 'fact', content: object(m[1]!), tags: ['family'] })],
  },
  // Being an only child ("我是独生女"): a fact about the family.
  {
    re: /我是(独生女|独生子|独生子女)/,
    momentaryVoids: false,
    build: (m) => [finding({ kind: 'fact', content: `是${m[1]!}`, tags: ['family'] })],
  },
  // A child named by place in the family, the name before the age ("老大朵朵五岁了").
  {
    re: /(?:^|,)(老大|老二|大宝|二宝)(?:叫)?([^\s,;:!?\d一二两三四五六七八九十今去明岁个也很都是]{2})(?=[一二两三四五六七八九十\d]+岁|今年)/,
    momentaryVoids: false,
    build: (m) => relative(m[1]!, m[2]!),
  },
  // A thing first, then not doing it again ("直通车我不想再投了"): a decision.
  {
    re: new RegExp(`(?:^|,)([^,;:!?我]{2,10}?)我${ADV}不(?:想|打算|准备|会)再(\\S{1,2}?)了`),
    build: (m) => [finding({ kind: 'decision', content: `不再${m[2]!}${m[1]!.trim()}`, tags: ['decision'] })],
  },
  // What may not be used somewhere, said without a subject ("标题里不能用best这种词"): a standing limit.
  {
    re: /(?:^|,)([^,;:!?我你他她]{1,10}?(?:里|中|上))(?:不能|不可以|不许|禁止)(用|写|出现|放)([^,;:!?]{1,20})/,
    build: (m) => {
      const what = object(m[3]!);
      return what === ''
        ? []
        : [finding({ kind: 'constraint', content: `${m[1]!}不能${m[2]!}${what}`, tags: ['limit'] })];
    },
  },
  // The kind of home ("我住合租房", "我住宿舍"): a fact, not a place.
  {
    re: new RegExp(`我${ADV}住(?!在)(合租房|宿舍|公寓|出租屋|地下室|城中村|老小区|学校宿舍|员工宿舍)`),
    momentaryVoids: false,
    build: (m) => [finding({ kind: 'fact', content: `住${m[1]!}`, tags: ['home'] })],
  },
  // The thing first, then the refusal ("生骨肉我就不考虑了"): a taste about that thing.
  {
    re: new RegExp(
      `(?:^|,)([^,;:!?我]{2,10}?)我${ADV}(?:就|肯定|绝对)?不(?:考虑|要|碰)了?(?=[,;:!?]|$|吧|啊)`,
    ),
    build: (m) => stance('preference', '不考虑', m[1]!.trim(), 'avoid', ['preference']),
  },
  // A household rule for the children ("我们家不给孩子看短视频"): a limit on every suggestion about them.
  {
    re: new RegExp(`我(?:们)?家${ADV}(?:从来)?不(给|让|许)(孩子|小孩|娃|宝宝)([^,;:!?]{2,12})`),
    build: (m) => {
      const what = object(m[3]!);
      return what === ''
        ? []
        : [finding({ kind: 'constraint', content: `不${m[1]!}${m[2]!}${what}`, tags: ['family', 'limit'] })];
    },
  },
  // Where the user lives, from what they do in a known city ("我们在成都刚买了套二手房", "我在深圳做跨境电商").
  {
    re: new RegExp(`我(?:们)?${ADV}在([^\\s,;:!?]{2,5}?)(?=刚|新|买|做|学|开|租|带|装|找|读|创业)`),
    momentaryVoids: false,
    build: (m) =>
      ZH_PLACES.test(m[1]!)
        ? [finding({ kind: 'fact', content: `住在${m[1]!}`, key: 'residence', tags: ['location'] })]
        : [],
  },
  // A choice said with its topic first and no subject ("地板最后定了木地板").
  {
    re: /(?:^|,)([^,;:!?我你他她]{1,6}?)(?:最后|最终|还是)(?:定了|选了|决定用|用了)([^,;:!?]{1,12})/,
    build: (m) => {
      const what = object(m[2]!);
      return what === ''
        ? []
        : [finding({ kind: 'decision', content: `${m[1]!}定了${what}`, tags: ['decision'] })];
    },
  },
  // What a doctor ruled out that is not food ("医生说不能跑步"): a constraint without a facet.
  {
    re: /(?:医生|大夫)(?:说|让|叫|建议|嘱咐)(?:我)?(?:以后)?(?:不能|别|不要|不可以|不宜)([^\s,;:!?吃喝]{1,6}?)(?=[,;:!?。]|$|了)/,
    build: (m) => [finding({ kind: 'constraint', content: `不能${m[1]!}`, tags: ['health'] })],
  },
  {
    re: new RegExp(`我(?:的|家|家的)?(${REL})是(?:一名|一个|一位|个|名|位)?([^,;:!?]{1,10}?)(?=[,;:!?]|$)`),
    build: (m) => {
      const job = m[2]!.replace(TRAILING, '');
      return isZhOccupation(job)
        ? [finding({ kind: 'fact', content: `${m[1]!}是${job}`, tags: ['family'] })]
        : [];
    },
  },
  {
    re: new RegExp(`我(?:的)?(${SLOT_NOUNS})(?:是|在)(.+)`),
    momentaryVoids: false,
    build: (m) => {
      const value = object(m[2]!);
      const key = ZH_SLOT_NOUNS[m[1]!];
      if (value === '' || !key) return [];
      return [finding({ kind: 'fact', content: `${m[1]!}是${value}`, key, tags: ['fact'] })];
    },
  },
  // A relative's limits and conditions ("我老婆不能吃辣", "我儿子对猫毛有点过敏", "我爸腿脚不太好"): facts about the
  // family, never the user's own allergy or diet slot.
  {
    re: new RegExp(
      `我(?:的|家|家的)?(${FAMILY})((?:对[^,;:!?]{1,8}?(?:有点|有些|轻微|特别|严重)?过敏)|(?:不能|不可以|不敢)(?:吃|喝)[^,;:!?]{1,8}|(?:有|患有)?(?:${ZH_CONDITIONS})|腿脚不(?:太)?好|怀孕了|(?:${ZH_DIETS}))`,
    ),
    build: (m) => [finding({ kind: 'fact', content: `${m[1]!}${m[2]!}`, tags: ['family'] })],
  },
  // What a doctor told the user to avoid ("医生让我少吃盐"): a constraint on what to eat or drink.
  {
    re: /(?:医生|大夫|营养师)(?:让|叫|说|要|建议|嘱咐)我(少|别|不要|不能|戒)(吃|喝|碰)?([^\s,;:!?]{1,6}?)(?=[,;:!?]|$|了|哦|啊)/,
    build: (m) => {
      const thing = m[3]!;
      return [
        finding({
          kind: 'constraint',
          content: `需要${m[1]!}${m[2] ?? ''}${thing}`,
          facet: thing,
          polarity: 'avoid',
          tags: ['health', 'food'],
        }),
      ];
    },
  },
  // Decisions.
  {
    // "我们组定了...", "我们家决定...": a group the user belongs to decided.
    re: new RegExp(`我(?:们)?(?:组|家|团队|公司)?${ADV}(?:最后|最终|后来)?(决定|定了|选了|选择了)(.+)`),
    build: (m) => {
      const what = object(m[2]!);
      return what === ''
        ? []
        : [finding({ kind: 'decision', content: `${m[1]!}${what}`, tags: ['decision'] })];
    },
  },
  // "决定了，从下周开始睡前一小时手机放客厅": the decision announced, then what it is.
  {
    re: /^(?:好|嗯|行)?[,\s]*(?:我)?决定了[,\s]+([^;:!?]{2,30})/,
    build: (m) => {
      const what = m[1]!
        .replace(/[。.]+$/, '')
        .replace(TRAILING, '')
        .trim();
      return what === '' ? [] : [finding({ kind: 'decision', content: `决定${what}`, tags: ['decision'] })];
    },
  },
  // A choice closing a discussion ("那就大理吧,定了", "算了还是买美的吧").
  {
    re: /(?:那就|就|还是)([^\s,;:!?]{1,10}?)吧[,\s]*(?:就这么|就这样)?定了/,
    build: (m) => [finding({ kind: 'decision', content: `决定${m[1]!}`, tags: ['decision'] })],
  },
  {
    re: /(?:^|,)(?:算了,?\s*)?还是(买|选|去|用|订|要)([^\s,;:!?]{1,8}?)吧/,
    build: (m) => [finding({ kind: 'decision', content: `决定${m[1]!}${m[2]!}`, tags: ['decision'] })],
  },
  // Habits and belongings.
  {
    re: new RegExp(
      `我(?:周末|晚上|早上|平时|工作日)?${ADV}(一般|通常|平时|每天|每周|每个月|每年|总是|经常|习惯)(.+)`,
    ),
    build: (m) => {
      const what = object(m[2]!);
      return [...what].length < 2
        ? []
        : [
            finding({
              kind: 'fact',
              content: `${m[1]!}${what}`,
              confidence: CONFIDENCE.generic,
              tags: ['habit'],
            }),
          ];
    },
  },
  {
    re: new RegExp(`我${ADV}(用|开|穿|戴|骑|养)的是(.+)`),
    build: (m) => {
      const what = object(m[2]!);
      return what === ''
        ? []
        : [
            finding({
              kind: 'fact',
              content: `${m[1]!}${what}`,
              confidence: CONFIDENCE.generic,
              tags: ['fact'],
            }),
          ];
    },
  },
];
