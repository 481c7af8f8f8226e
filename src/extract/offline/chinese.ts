// Chinese sentences of the offline extractor: standing instructions (以后...) and rules, 记住..., then the pattern
// table, with questions, hypotheticals, reported speech, quotes and momentary states left alone.
import {
  ZH_DO_NOT_KEEP,
  ZH_LANGUAGES,
  ZH_MOMENTARY,
  ZH_NOT_ASSERTED,
  ZH_PAST,
  ZH_QUESTION,
  ZH_TASK,
} from './chinese-lexicon.ts';
import { CHINESE_PATTERNS, facetOf, object, REL } from './chinese-patterns.ts';
import { askedPreference, CONFIDENCE, type Finding, stated as finding } from './finding.ts';
import { overlaps, type Reading, readPatterns, type Span } from './patterns.ts';
import { type Masked, maskQuotes, sentences, unmask, withQuotes } from './text.ts';

// ---- instructions ----

// 以后 after a word of its own is "after" ("合同到期以后再续一年"), not "from now on": it stands at a clause's start or
// after 我, 你 or 那.
const STANDING =
  /(?<![\u4e00-\u9fff])(?:以后|今后|往后)|(?<=[我你那])(?:以后|今后|往后)|从现在开始|从现在起|从今以后|从今天开始|从今天起|从此|每次|下次/g;
const RULE =
  /(?:^|,|以后|今后|往后|每当|每次|当|只要|如果|要是)\s*我(?:说|打|输入|发|提到)(?!话)(\uE000\d+\uE001|[^,;:!?]{1,8}?)(?:的时候|时)?,\s*(?:你)?(?:就|便|都|请)?(.+)/;
const LANGUAGE = new RegExp(
  `用(${ZH_LANGUAGES})(?:来)?(?:回答|回复|交流|说|写|沟通|跟我说|和我说|聊|回我|答我)`,
);
const RECOMMEND = /(?:别|不要|不用|请勿|请不要|千万别)(?:再)?(?:给我|帮我|为我)?(?:推荐|建议)/;
const DONT =
  /(?:别|不要|不用|不许|请勿|请不要|千万别)(?:再)?(?:给我|跟我|帮我|对我|为我)?(推荐|发|用|说|加|放|提|安排|点)(.+)/;

// "以后给我推荐资料的时候只推荐免费的": a standing situation (what the assistant does for the user) and what to do then.
// "以后我问车次的时候，直接列时间和车次" too: the user's own act is the situation.
const RULE_WHEN =
  /(?:以后|今后|往后)(?:你|我)?(?:给我|帮我|为我|跟我)?([^,;:!?我]{2,10}?)的时候,?\s*(?:你)?(?:就|都|请|也)?(.+)/;

// A standing task and what to do in it, without "的时候" ("以后你给我写的文案，结尾都加一句...", "从现在开始，每次推荐菜谱
// 都标上碳水克数", "以后报价单都加一句..."): the task runs to a comma or to the 都/就 that starts what to do. Not a
// manner for everything written ("以后给我写东西都短一点" is a preference about every answer).
const RULE_TASK =
  /(?:以后|今后|往后|从现在开始|从现在起|从今以后),?\s*(?:请)?(?:每次)?(?:你)?(?:请)?(?:给我|帮我|为我)?((?:写|做|排|推荐|出|发|列|翻译|整理)?的?[^,;:!?我都就别不请]{2,8}?)(?:,\s*|(?=都|就))(?:你)?(?:就|都|也|请)*(.+)/;
const EVERY_ANSWER = /^(?:写|说)?(?:的)?(?:东西|话|回答|回复|内容|字)$/;

// A standing situation that is the user handing something over or asking for something ("以后我把客户的聊天记录发给你,
// 你就帮我回得客气一点", "以后我叫你配菜单 你都要把每桌的成本算出来", "以后我问鸟的事，能给出处的尽量给出处"): what
// is handed over or asked for is the trigger. Dictation writes a space where the comma goes.
const RULE_HANDED =
  /(?:以后|今后|往后|每次)\s*我(?:把([^,;:!?\s]{1,12}?)(?:发|给|贴|传|拍)(?:给)?你(?:看)?|(?:叫|让|请|找)你(?:帮我)?([^,;:!?\s]{1,10}?)|问(?:你)?([^,;:!?\s]{1,10}?)(?:的事情|的事|的问题))(?:的时候|时)?[,\s]\s*(?:你)?(?:就|都|请)*(?:要)?(.+)/;

/** A rule as a pattern read it: the whole match, its situation (the trigger) and what to do in it. */
interface RuleMatch {
  whole: string;
  situation: string;
  instruction: string;
}

/** A match whose first group is the situation and second the instruction. */
function ruleMatch(m: RegExpExecArray | null): RuleMatch | null {
  return m && { whole: m[0], situation: m[1]!, instruction: m[2]! };
}

/** RULE_HANDED's situation is whichever of its three acts matched. */
function handedRule(text: string): RuleMatch | null {
  const m = RULE_HANDED.exec(text);
  return m && { whole: m[0], situation: (m[1] ?? m[2] ?? m[3])!, instruction: m[4]! };
}

function taskRule(text: string): RuleMatch | null {
  const m = RULE_TASK.exec(text);
  return m && !EVERY_ANSWER.test(m[1]!) ? ruleMatch(m) : null;
}

function ruleFindings(text: string, quotes: readonly string[], standing: boolean): Finding[] {
  const m =
    ruleMatch(RULE.exec(text)) ?? handedRule(text) ?? ruleMatch(RULE_WHEN.exec(text)) ?? taskRule(text);
  if (!m) return [];
  const quoted = /^\uE000\d+\uE001$/.test(m.situation);
  if (!quoted && !standing && !/^(?:每当|每次|只要)/.test(m.whole)) return [];
  const trigger = unmask(m.situation, quotes).trim();
  // The instruction ends where the user speaks of themself again ("只推荐免费的吧，我现在辞职在家备考"). Its quoted
  // words are part of it ("都按“导入—新授—练习—小结”四段写").
  const action = withQuotes(m.instruction.split(/,\s*我/)[0]!, quotes, '“', '”')
    .replace(/我/g, '')
    .replace(/^是(?=把|用|给)/, '')
    .replace(/[。.!]+$/, '')
    .replace(/(?:吧|哈|啊|哦)$/, '')
    .trim();
  if (trigger === '' || [...action].length < 2) return [];
  return [
    finding({ kind: 'rule', content: action, trigger, confidence: CONFIDENCE.asked, tags: ['instruction'] }),
  ];
}

function instructionFindings(masked: string, quotes: readonly string[]): Finding[] {
  // The quoted words as the user wrote them ("别用“家人们”这种词"), not their masks.
  const rest = unmask(masked, quotes);
  const language = LANGUAGE.exec(rest);
  if (language) {
    return [
      finding({
        kind: 'preference',
        content: `用${language[1]!}回复`,
        key: 'language',
        confidence: CONFIDENCE.asked,
        tags: ['instruction', 'language'],
      }),
    ];
  }
  const dont = DONT.exec(rest);
  if (dont) {
    const thing = object(dont[2]!);
    const facet = facetOf(thing);
    if (facet !== undefined) {
      return [
        finding({
          kind: 'preference',
          content: `不要${dont[1]!}${thing}`,
          facet,
          polarity: 'avoid',
          confidence: CONFIDENCE.asked,
          tags: ['instruction'],
        }),
      ];
    }
  }
  const body = rest
    .replace(/^[,\s]*(?:你|请|都|就|也|要)*/, '')
    .replace(/我的|我/g, '')
    .replace(/[,\s]+$/, '')
    .trim();
  if ([...body].length < 3) return [];
  return [askedPreference(body)];
}

// ---- sentences ----

const REMEMBER = /(?:^|,)\s*(?:请|麻烦你?|你)?(?:要|帮我)?(?:记住|记得|记一下|记着|记好)(?:了)?[:,]?\s*(.+)/;

// After a "but" the user speaks for themself again ("室友说可以种薄荷 但我对薄荷过敏"): what voids a statement is read
// from the last one on.
const CONTRAST = /但是|但|不过|可是/g;

const READING: Reading = {
  clauseBreak: /,/,
  momentary: ZH_MOMENTARY,
  voids: (before, statement, pattern) => {
    const own = before.split(CONTRAST).pop() ?? before;
    return ZH_NOT_ASSERTED.test(own) || (pattern.pastVoids === true && ZH_PAST.test(own + statement));
  },
};

function read(text: string) {
  return readPatterns(text, CHINESE_PATTERNS, READING);
}

function statements(text: string): Finding[] {
  return read(text).found;
}

const SUBJECT = /^(?:我|你|您|他|她|它|咱|大家|别人|有人|人家|这|那|[\p{Lu}])/u;

/**
 * Chinese drops a repeated subject: in "我喜欢喝乌龙茶，不太喜欢咖啡" and "我叫陈静，是一名大学老师" the later clauses
 * are still the user's. A later clause without a subject of its own, in a sentence that starts with 我, is read
 * as 我 + clause; clauses already read, and those after a hypothetical or someone else's words, are left alone.
 */
function withCarriedSubject(text: string): Finding[] {
  const { found, taken } = read(text);
  // Only when the user is the subject: after "我老婆是护士" or "我们家..." the next clause is about someone else.
  if (!text.startsWith('我') || new RegExp(`^我(?:的|们|家|${REL})`).test(text)) return found;
  for (let at = text.indexOf(','); at >= 0; at = text.indexOf(',', at + 1)) {
    const next = text.indexOf(',', at + 1);
    const clause = text.slice(at + 1, next < 0 ? text.length : next).trim();
    const span: Span = [at + 1, next < 0 ? text.length : next];
    if (clause === '' || SUBJECT.test(clause) || overlaps(taken, span)) continue;
    if (ZH_NOT_ASSERTED.test(text.slice(0, at))) break;
    found.push(...statements(`我${clause}`));
  }
  return found;
}

/**
 * The statements before the question in a sentence that asks ("我家猫叫年糕,三岁了,最近老吐毛球怎么办"): the clauses
 * before the first one that asks, read as a sentence of their own.
 */
function beforeTheQuestion(text: string): Finding[] {
  const clauses = text.split(',');
  const asks = clauses.findIndex((c) => ZH_QUESTION.test(c));
  if (asks > 0) return withCarriedSubject(clauses.slice(0, asks).join(','));
  // Unpunctuated, as dictation writes it ("我儿子叫乐乐今年上二年级做数学老是粗心你有什么好办法"): what comes before the
  // asking word, when that is most of the sentence.
  const at = clauses.length === 1 ? text.search(ZH_QUESTION) : -1;
  return at >= 6 ? withCarriedSubject(text.slice(0, at).replace(/(?:你|您)(?:有|觉得|看|说)?$/, '')) : [];
}

// How every later answer should be ("以后回答我短一点哈", "以后说简单点"): the manner is the preference; what the user
// says after it is why.
const ANSWER_STYLE =
  /(?:以后|今后|往后|从现在开始|从现在起)\s*(?:你)?(?:的)?(?:回答|回复|说话|说|讲|回)(?:我)?(?:都|要|就|得|能)*((?:简短|简单|短|详细|具体|直接|通俗|口语化|慢)(?:一)?(?:点|些)?)(?=$|[,.!?~\s]|哈|吧|啊|哦|呀|嘛|啦)/u;

// What the assistant is asked to tell or mark ("直接告诉我看哪里", "标一下放多少盐"): a question word there asks nothing
// of the user.
const EMBEDDED_QUESTION = /(?:告诉我|教我|跟我说|给我讲|帮我查|标一下|标出|注明)[^,;:!?]*/g;

function sentenceFindings(text: string, question: boolean, quotes: readonly string[]): Finding[] {
  const standing = new RegExp(STANDING.source).test(text);
  // A rule before the question test: its instruction may ask something ("你就问我今天练了什么"); a question mark
  // makes the sentence a question again.
  const rule = question ? [] : ruleFindings(text, quotes, standing);
  if (rule.length > 0) return rule;
  if (question || ZH_QUESTION.test(text.replace(EMBEDDED_QUESTION, ''))) return beforeTheQuestion(text);

  const remember = REMEMBER.exec(text);
  if (remember) {
    const rest = remember[1]!.startsWith('我') ? remember[1]! : `我${remember[1]!}`;
    const specific = statements(rest).map((f) => ({ ...f, confidence: CONFIDENCE.asked }));
    if (specific.length > 0) return specific;
    const content = unmask(remember[1]!, quotes)
      .replace(/^我的|^我/, '')
      .replace(/[。.!]+$/, '')
      .trim();
    if ([...content].length < 2) return [];
    const kind = /喜欢|爱|讨厌|不吃|不喝/.test(content) ? 'preference' : 'fact';
    return [{ kind, content, tags: ['remembered'], confidence: CONFIDENCE.asked }];
  }

  const style = ANSWER_STYLE.exec(text);
  if (style) return [askedPreference(`回答${style[1]!}`)];
  const own = withCarriedSubject(text);
  if (own.length > 0) return own;
  // "别给我推荐跑步": a request about recommendations holds beyond this one answer, marker or not.
  if (!standing)
    return RECOMMEND.test(text) && !ZH_NOT_ASSERTED.test(text) ? instructionFindings(text, quotes) : [];
  const rest = text.replace(STANDING, '');
  const stated = statements(rest);
  if (stated.length > 0) return stated;
  // What comes after the instruction may tell the assistant something ("别用专业术语，直接告诉我看哪里"): only the
  // words before it can make it someone else's.
  if (ZH_NOT_ASSERTED.test(rest.slice(0, DONT.exec(rest)?.index ?? rest.length))) return [];
  return instructionFindings(rest, quotes);
}

/** The findings of one Chinese user turn; nothing from a turn that asks not to keep something or for text work. */
export function chineseFindings(turn: string): Finding[] {
  const masked: Masked = maskQuotes(turn);
  // A request for work on a text is material, unless it is asked for every time ("以后我说“翻一下”，就是把中文翻成...").
  const standing = new RegExp(STANDING.source).test(masked.text);
  if (ZH_DO_NOT_KEEP.test(masked.text) || (ZH_TASK.test(masked.text) && !standing)) return [];
  return sentences(masked.text).flatMap((s) => sentenceFindings(s.text, s.question, masked.quotes));
}
