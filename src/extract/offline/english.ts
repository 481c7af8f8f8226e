// English sentences of the offline extractor: standing instructions and rules, "remember ...", then the pattern
// table, with questions, hypotheticals, reported speech, quotes and momentary states left alone.
import {
  ANSWER_FORMAT_NOUNS,
  DO_NOT_KEEP,
  LANGUAGES,
  MOMENTARY,
  NOT_ASSERTED,
  QUESTION_START,
  TASK_START,
} from './english-lexicon.ts';
import { answerLanguage, ENGLISH_PATTERNS, stance } from './english-patterns.ts';
import { facetOf, impersonal, objectPhrase, withoutSubject } from './english-phrase.ts';
import { askedPreference, CONFIDENCE, type Finding, stated as finding } from './finding.ts';
import { type Reading, readPatterns } from './patterns.ts';
import { capitalise, clean, type Masked, maskQuotes, sentences, unmask } from './text.ts';

// ---- instructions to the assistant ----

// Markers of a standing instruction: strong ones make any instruction standing, weak ones only an imperative to
// the assistant ("always answer in Spanish", not "always have").
const STANDING_STRONG =
  /\b(?:from now on|going forward|from here on(?: out)?|in (?:the )?future|moving forward|starting now|by default)\b,?\s*/gi;
const STANDING_WEAK = /\b(?:always|every time|each time|whenever)\b,?\s*/gi;
const IMPERATIVE =
  /^(?:no|don't|do not|dont|never|stop|avoid|answer|reply|respond|write|use|give|keep|include|add|show|tell|remind|ask|check|format|explain|put|make|cite|double-check|skip|be|talk|speak|call|send|start|end|mention|list|suggest|recommend)\b/i;

const RULE =
  /\b(?:when(?:ever)?|if|every time|each time|any time)\s+i\s+(?:say|type|write|describe|send|paste|share|upload|forward|ask(?:\s+for|\s+about)?|mention|use the word|put)\s+(\uE000\d+\uE001|[\p{L}\p{N}'-]+(?:\s+[\p{L}\p{N}'-]+){0,3}?)\s*,?\s+(?:then\s+)?(?:please\s+)?(?:you\s+(?:should\s+|can\s+|must\s+)?)?(?:just\s+)?(.+)/iu;

// The same where a comma ends the situation: the situation runs to it ("whenever I ask for a lesson plan, always
// include ..."; the comma optional, the shortest situation was "a" and the instruction "lesson plan, always ...").
const RULE_TO_COMMA =
  /\b(?:when(?:ever)?|if|every time|each time|any time)\s+i\s+(?:say|type|write|describe|send|paste|share|upload|forward|ask(?:\s+(?:you\s+)?(?:for|about))?|mention|use the word|put)\s+(?:you\s+)?(\uE000\d+\uE001|[\p{L}\p{N}'-]+(?:\s+[\p{L}\p{N}'-]+){0,5}?)\s*,\s*(?:then\s+)?(?:please\s+)?(?:you\s+(?:should\s+|can\s+|must\s+)?)?(?:just\s+)?(.+)/iu;

// The same without a comma between the situation and the instruction ("when i send you a chapter give me a three line
// summary first"): the instruction is where an imperative verb starts.
const RULE_RUN_ON =
  /\b(?:when(?:ever)?|if|every time|each time|any time)\s+i\s+(?:say|type|write|describe|send|share|paste|upload|ask(?:\s+for|\s+about)?|mention|use the word|put)\s+(?:you\s+|u\s+)?(?:me\s+)?((?:the\s+|a\s+|an\s+|my\s+)?[\p{L}\p{N}'-]+(?:\s+[\p{L}\p{N}'-]+){0,4}?)\s+(?:then\s+)?(?:please\s+|pls\s+)?((?:give|send|show|tell|remind|use|write|add|put|include|cc|copy|check|ask|format|keep|start|end|make|reply|answer|respond|summari[sz]e|list|translate|mark|flag|assume|skip|correct|explain|point)\b.+)/iu;

// A situation that ends in words the user will say, quoted ("whenever I send you a photo of a receipt and say 'log
// it', pull out the date..."): the quoted words are the trigger, whatever comes with them.
const RULE_SAID_QUOTE =
  /\b(?:when(?:ever)?|if|every time|each time|any time)\s+i\s+(?:[^,\uE000]*?\s+and\s+)?(?:say|type|write)\s+(\uE000\d+\uE001)\s*,?\s+(?:then\s+)?(?:please\s+)?(?:you\s+(?:should\s+|can\s+|must\s+)?)?(?:just\s+)?(.+)/iu;

// A situation that is the assistant's own act ("when you give me a workout write it as a table", "whenever you quiz
// me, tell me the question pool ID too", "if you ever suggest van layouts remember he needs a bed"): the thing it
// acts on is the trigger, or the act itself when it names none. The instruction starts with an imperative verb.
const RULE_YOU =
  /\b(?:when(?:ever)?|if|every time|each time|any time)\s+you\s+(?:ever\s+)?(give|tell|write|send|suggest|recommend|quiz|show|make|plan|draft|explain)\s+(?:me\b\s*)?(?:about\s+)?(?:(?:a|an|the|any|some|my)\s+)?((?:[\p{L}\p{N}'-]+\s+){0,2}?[\p{L}\p{N}'-]+)?\s*,?\s*(?:then\s+)?(?:please\s+|pls\s+|always\s+)?((?:write|give|use|keep|put|add|include|go|make|format|show|tell|list|start|end|remember|mark|flag|say|stick|explain|number|label|skip|don't|dont|do not|never)\b.+)/iu;

/** Where a rule's situation starts in its sentence. */
const SITUATION_START = /\b(?:when(?:ever)?|if|every time|each time|any time)\s+(?:i|you)\b/i;

const GENERIC_THING = /^(?:things|stuff|anything|something|it|them|that|this|one)$/i;

/** A rule from its situation and its instruction as the user wrote them (quotes masked). */
function rule(situation: string, instruction: string, quotes: readonly string[]): Finding[] {
  const trigger = clean(unmask(situation, quotes));
  const action = clean(
    impersonal(unmask(instruction, quotes).replace(/\b(give|send|show|tell|remind)\s+me\b/gi, '$1')),
  );
  if (trigger === '' || action.length < 3) return [];
  return [
    finding({
      kind: 'rule',
      content: capitalise(action),
      trigger,
      confidence: CONFIDENCE.asked,
      tags: ['instruction'],
    }),
  ];
}

function ruleFindings(sentence: string, quotes: readonly string[]): Finding[] {
  // A comma splits situation from instruction where there is one; without it, the imperative verb does.
  const m =
    RULE_SAID_QUOTE.exec(sentence) ??
    (sentence.includes(',') ? (RULE_TO_COMMA.exec(sentence) ?? RULE.exec(sentence)) : null) ??
    RULE_RUN_ON.exec(sentence) ??
    RULE.exec(sentence);
  if (!m) {
    const yours = RULE_YOU.exec(sentence);
    if (!yours) return [];
    // What it acts on, or the act when it names nothing in particular ("when you explain things, ...").
    const thing = yours[2] !== undefined && !GENERIC_THING.test(yours[2]) ? yours[2] : yours[1]!;
    return rule(thing, yours[3]!, quotes);
  }
  // What the user does, not only to what ("paste a recipe", "send a contract"): the verb stays in the trigger, unless
  // it only introduces the words the user will say ("when I say 'tldr'").
  const before = m[0].slice(0, m[0].indexOf(m[1]!, m[0].search(/\bi\s/i)));
  const act = ACTING_VERB.exec(before)?.[1];
  return rule(act ? `${act.toLowerCase()} ${m[1]!}` : m[1]!, m[2]!, quotes);
}

// The verbs of a rule's situation that are acts on a thing, as the situation ends with them.
const ACTING_VERB =
  /\b(send|paste|share|upload|forward|ask\s+(?:you\s+)?(?:for|about))\s+(?:you\s+|u\s+)?(?:me\s+)?$/i;

// "no ibuprofen suggestions", "don't recommend hostels": about every later recommendation, marker or not.
const RECOMMEND =
  /\b(?:(?:don't|do not|dont|never|please don't)\s+(?:ever\s+)?(?:suggest|recommend)(?:\s+me)?\s+(.+)|no\s+((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)\s+(?:suggestions|recommendations)\b)/iu;

const ANSWER_LANGUAGE = new RegExp(
  String.raw`\b(?:answer|reply|respond|write|talk|speak|chat)(?:\s+to\s+me)?\s+(?:only\s+)?in\s+(${LANGUAGES})\b`,
  'u',
);

/** A standing instruction ("from now on, no emojis"): the instruction itself is the content. */
function instructionFindings(rest: string, strong: boolean): Finding[] {
  const language = ANSWER_LANGUAGE.exec(rest);
  if (language) return [answerLanguage(language[1]!)];
  const body = clean(
    rest
      // A conjunction that joined it to the sentence before ("... just a practical schedule. and always use 24h").
      .replace(/^(?:and|also|oh and|plus|but|so|ok|okay)\s+/i, '')
      .replace(/^(?:please|pls|kindly|can you|could you|you should|you must)\s+/i, '')
      .replace(/\s+please$/i, ''),
  );
  // "Always metric please.": one word asked for every time is a taste (not a word of a sentence: "always late").
  const single = /^([\p{L}-]{3,20})$/u.exec(body);
  if (single && /\b(?:please|pls|plz)\b/i.test(rest) && !IMPERATIVE.test(body)) {
    const word = single[1]!.toLowerCase();
    return [
      finding({
        kind: 'preference',
        content: `Always ${word}`,
        facet: word,
        polarity: 'prefer',
        confidence: CONFIDENCE.asked,
        tags: ['instruction'],
      }),
    ];
  }
  if (body.split(' ').length < 2 || /^i\b/i.test(body) || (!strong && !IMPERATIVE.test(body))) return [];
  const avoid =
    /^(?:no|don't|do not|dont|never|stop|avoid|quit)\s+(?:use\s+|using\s+|add\s+|adding\s+|include\s+|including\s+|give\s+me\s+|suggest\s+|suggesting\s+|recommend\s+|recommending\s+|put\s+|with\s+)?(.+)/i.exec(
      body,
    );
  if (avoid) {
    const facet = facetOf(objectPhrase(avoid[1]!));
    if (facet !== undefined) {
      return [
        finding({
          kind: 'preference',
          content: capitalise(impersonal(body)),
          facet,
          polarity: 'avoid',
          confidence: CONFIDENCE.asked,
          tags: ['instruction'],
        }),
      ];
    }
  }
  return [askedPreference(capitalise(impersonal(body)))];
}

// ---- sentences ----

/** A sentence that only says a decision was made; what it is follows. */
const DECIDED_ALONE = /^(?:(?:ok|okay|right|so|yeah|yep|alright)[,\s]+)*decided[.!]*$/i;

const REMEMBER =
  /(?:^|[,:;-]\s*)(?:(?:oh|ok|okay|also|and|btw|fyi|hey|so|but|please|pls|just|can you|could you|would you)[,\s]+)*(?:remember|don't forget|do not forget|keep in mind|make a note|note|save (?:this|that)|for the record)(?:\s+(?:this|that|for me))?\s*(?:that\b)?\s*[:,-]?\s*(.+)/iu;

const READING: Reading = {
  clauseBreak: /[,;]|\s(?:but|and|so|because|though|while)\s/i,
  momentary: MOMENTARY,
  // Said inside a conditional, a wish or someone else's words, negated by "don't think", or a past habit; after a
  // "but" the user speaks for themself again ("my roommate says mint is easy, but I'm allergic to mint").
  voids: (whole) => {
    const before = whole.split(/\bbut\b/i).pop() ?? whole;
    return (
      NOT_ASSERTED.test(before) ||
      /\b(?:not|don't|do not|dont|never)\s+(?:think|know|believe|sure|guess|feel)\b/i.test(before) ||
      /\bused\s+to\s*$/i.test(before)
    );
  },
};

function statements(sentence: string, quotes: readonly string[]): Finding[] {
  return readPatterns(sentence, ENGLISH_PATTERNS, READING, quotes).found;
}

// How answers should be, said as a request without a standing marker ("Please keep your answers brief."): it is
// about every later answer.
// A conjunction or "going forward" may open it ("And keep answers short, I read these on my phone").
const ANSWER_STYLE =
  /^(?:(?:and|also|oh and|but|so|ok|okay)\s+)?(?:going forward\s+|from now on\s+)?(?:please\s+|pls\s+|can you\s+|could you\s+)*(?:keep|make)\s+(?:your\s+|the\s+)?(?:answers|replies|responses|explanations)\s+(.+)/iu;
// The instruction first, its situation after it ("correct my mistakes whenever I write in Spanish", "also please
// always put the prayer times at the top whenever i ask for a plan": the trigger is "plan", not "a").
const RULE_AFTER =
  /^(?:(?:and|also|oh and|but|so|ok|okay)\s+)?(?:(?:could|can|would)\s+you\s+)?(?:please\s+|pls\s+)?(?:always\s+)?((?:correct|give|send|show|tell|remind|use|write|add|put|include|check|format|keep|translate|explain|mark|flag|point out)\b.+?)\s+(?:whenever|every time|each time)\s+i\s+(?:write|speak|send|ask|type|post|share|paste)\s+(?:(?:in|about|you|for)\s+)?(?:(?:a|an|the|my|you)\s+)?([\p{L}\p{N}'-]+(?:\s+[\p{L}\p{N}'-]+){0,2})/iu;

// A way of writing asked for without a standing marker, named by what answers are written in or with ("And please use
// Canadian spelling, not American", "and in general go easy on the equations", "put comments on every line of code
// you give me"): it is about every later answer. "please use the attached file" names no such thing.
const ANSWER_FORMAT =
  /^(?:(?:and|also|oh and|but|so|ok|okay|plus)\s+)?(?:in general\s+|generally\s+)?(?:please\s+|pls\s+|can you\s+|could you\s+)*(?:just\s+)?((?:use|write|put|stick to|go easy on|avoid|skip)\s+.+)/iu;
const ANSWER_FORMAT_NOUN = new RegExp(String.raw`\b(?:${ANSWER_FORMAT_NOUNS})\b`, 'iu');

function answerFormat(text: string): Finding[] {
  const m = ANSWER_FORMAT.exec(text);
  if (!m) return [];
  const asked = objectPhrase(m[1]!);
  if (!ANSWER_FORMAT_NOUN.test(asked) || asked.split(' ').length < 2) return [];
  return [askedPreference(capitalise(impersonal(asked)))];
}

function answerStyle(text: string): Finding[] {
  const style = ANSWER_STYLE.exec(text);
  if (!style) return [];
  const how = objectPhrase(style[1]!);
  return how === '' ? [] : [askedPreference(`Wants answers ${how}`)];
}

function ruleAfter(text: string, quotes: readonly string[]): Finding[] {
  const m = RULE_AFTER.exec(text);
  return m ? rule(m[2]!, m[1]!, quotes) : [];
}

function sentenceFindings(text: string, question: boolean, quotes: readonly string[]): Finding[] {
  const after = ruleAfter(text, quotes);
  if (after.length > 0) return after;
  // A rule before the question test: "When I say goodnight, lock the front door" opens with a question word but
  // asks nothing (a question mark makes it a question again).
  const rule = question ? [] : ruleFindings(text, quotes);
  if (rule.length > 0) {
    // What the user says of themself before the rule's situation is read too ("my own dog Biscuit comes in the van
    // every day, so if you ever suggest van layouts remember he needs a bed").
    const situation = text.search(SITUATION_START);
    return situation > 0 ? [...statements(text.slice(0, situation), quotes), ...rule] : rule;
  }
  if (question || QUESTION_START.test(text)) {
    // Statements before the question in its sentence ("since i'm allergic to shellfish, what can i order here?",
    // "my partner's lactose intolerant so thai iced tea is out, anything else with dairy?"): each clause but the
    // last, unless it asks too.
    const clauses = text.split(/,\s+/);
    return clauses
      .slice(0, -1)
      .filter((c) => !QUESTION_START.test(c))
      .flatMap((c) => statements(c, quotes));
  }
  const remember = REMEMBER.exec(text);
  if (remember) {
    const rest = remember[1]!;
    const specific = statements(rest, quotes).map((f) => ({ ...f, confidence: CONFIDENCE.asked }));
    if (specific.length > 0) return specific;
    const content = withoutSubject(unmask(rest, quotes));
    if (content === undefined) return [];
    const kind = /\b(?:take|takes|like|prefer|want|love|enjoy)\b/i.test(rest) ? 'preference' : 'fact';
    return [{ kind, content, tags: ['remembered'], confidence: CONFIDENCE.asked }];
  }

  const own = statements(text, quotes);
  if (own.length > 0) return own;
  const style = answerStyle(text);
  if (style.length > 0) return style;
  const format = answerFormat(text);
  if (format.length > 0) return format;
  const recommend = RECOMMEND.exec(text);
  if (recommend && !NOT_ASSERTED.test(text.slice(0, recommend.index))) {
    return stance('preference', 'No suggestions of', recommend[1] ?? recommend[2]!, 'avoid', ['instruction']);
  }
  const strong = new RegExp(STANDING_STRONG.source, 'i').test(text);
  if (!strong && !new RegExp(STANDING_WEAK.source, 'i').test(text)) return [];
  const rest = clean(text.replace(STANDING_STRONG, ' ').replace(STANDING_WEAK, ' '));
  const stated = statements(rest, quotes);
  if (stated.length > 0) return stated;
  if (NOT_ASSERTED.test(rest)) return [];
  return instructionFindings(rest, strong);
}

/**
 * The findings of one English user turn. Nothing comes out of a turn that asks to forget or not keep something,
 * or that asks for work on a text (translate, rewrite...); quoted spans are never read.
 */
export function englishFindings(turn: string): Finding[] {
  const masked: Masked = maskQuotes(turn);
  // A request for work on a text is material, unless it is asked for every time ("correct my mistakes whenever I
  // write in Spanish").
  const standing = new RegExp(`${STANDING_STRONG.source}|${STANDING_WEAK.source}`, 'i').test(masked.text);
  if (DO_NOT_KEEP.test(masked.text) || (TASK_START.test(masked.text) && !standing)) return [];
  const said = sentences(masked.text);
  return said.flatMap((s, i) => {
    // "decided." on its own announces the next sentence ("decided. going up £5 across the board from March").
    const text = i > 0 && DECIDED_ALONE.test(said[i - 1]!.text) ? `decided, ${s.text}` : s.text;
    return sentenceFindings(text, s.question, masked.quotes);
  });
}
