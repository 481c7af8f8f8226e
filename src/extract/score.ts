// Scores an extractor against labelled chats: which proposals match a label (precision) and which explicit labels
// were found (recall), per language and overall. Pure; scripts/extract-score.ts runs it on the dev set.
import { z } from 'zod';
import { PROPOSAL_POLARITIES, type Proposal, ProposalKindSchema } from '../core/proposal-schemas.ts';
import { canonicalSlotKey } from '../core/slot-keys.ts';
import type { ExtractTurn } from '../ports/extractor.ts';

/** A term, or alternatives separated by `|` ("june 8|8 june"). */
const Term = z.string().min(1);

/**
 * What a user turn should yield. `essence` lists the terms the proposal's content must contain (see
 * contentMatches); `facet` may list equivalent spellings. `explicit: false` marks what only a reader of the
 * context or an inference finds ("Also shellfish." after an allergy): counted for precision, not for recall.
 */
export const LabelSchema = z
  .object({
    kind: ProposalKindSchema,
    content: z.string().min(1),
    essence: z.array(Term).min(1),
    key: z.string().optional(),
    facet: z.union([z.string(), z.array(z.string()).min(1)]).optional(),
    polarity: z.enum(PROPOSAL_POLARITIES).optional(),
    trigger: z.string().optional(),
    explicit: z.boolean().default(true),
  })
  .strict()
  .refine((l) => (l.facet === undefined) === (l.polarity === undefined), 'facet and polarity go together');

export const LabelledTurnSchema = z.discriminatedUnion('role', [
  z.object({ role: z.literal('user'), text: z.string(), expect: z.array(LabelSchema) }).strict(),
  z.object({ role: z.enum(['assistant', 'other']), text: z.string() }).strict(),
]);

export const LabelledChatSchema = z
  .object({
    id: z.string().min(1),
    language: z.string().min(2),
    note: z.string().optional(),
    turns: z.array(LabelledTurnSchema).min(1),
  })
  .strict();

export const LabelledSetSchema = z.object({
  about: z.string().optional(),
  chats: z.array(LabelledChatSchema),
});

export type Label = z.infer<typeof LabelSchema>;
export type LabelledChat = z.infer<typeof LabelledChatSchema>;
export type LabelledSet = z.infer<typeof LabelledSetSchema>;

/** The extractor input of a labelled chat: every turn, indexed by position, with an id `<chat>#<index>`. */
export function chatTurns(chat: LabelledChat): ExtractTurn[] {
  return chat.turns.map((t, index) => ({ index, role: t.role, text: t.text, id: `${chat.id}#${index}` }));
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
// A word never runs into CJK characters: "是UI设计师" is 是, ui, 设, 计, 师 (a word of letters and CJK together
// hid the essence 设计师 from a proposal that said it word for word).
const TOKEN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])[\p{L}\p{N}])+(?:'(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])[\p{L}\p{N}])+)*/gu;

/** A light English stem, the same on both sides of a comparison: plurals, -ing and -ed go, possessives too. */
function stem(word: string): string {
  let w = word.replace(/'s$/, '');
  if (w.length <= 3 || CJK.test(w)) return w;
  if (w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (/(?:s|x|ch|sh|o)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(?:ss|us|sis)$/.test(w)) w = w.slice(0, -1);
  else if (w.endsWith('ing') && w.length >= 6) w = w.slice(0, -3);
  else if (w.endsWith('ed') && w.length >= 5) w = w.slice(0, -2);
  return w;
}

/**
 * The matching form of a text: NFKC, lower case, curly apostrophes folded, "n't"/"cannot"/"never"/"no" read as
 * "not", ordinals as numbers ("14th" = "14"), then tokens: each CJK character on its own, other words lightly
 * stemmed. Punctuation and spacing vanish.
 */
export function matchTokens(text: string): string[] {
  const folded = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/\bcannot\b/g, 'can not')
    .replace(/n't\b/g, ' not')
    .replace(/\b(\d+)(?:st|nd|rd|th)\b/g, '$1');
  return (folded.match(TOKEN) ?? []).map((t) => (t === 'never' || t === 'no' ? 'not' : stem(t)));
}

function containsRun(haystack: readonly string[], needle: readonly string[]): boolean {
  if (needle.length === 0) return false;
  for (let i = 0; i + needle.length <= haystack.length; i++) {
    if (needle.every((t, j) => haystack[i + j] === t)) return true;
  }
  return false;
}

/** True when every essence term (one of its `|` alternatives) occurs, as a run of tokens, in the content. */
export function contentMatches(content: string, essence: readonly string[]): boolean {
  const tokens = matchTokens(content);
  return essence.every((term) => term.split('|').some((alt) => containsRun(tokens, matchTokens(alt))));
}

/** A facet compared as tokens, without a leading article ("the cilantro" = "cilantro", "onions" = "onion"). */
function facetForm(facet: string): string {
  const tokens = matchTokens(facet);
  while (tokens.length > 1 && ['the', 'a', 'an'].includes(tokens[0]!)) tokens.shift();
  return tokens.join(' ');
}

/**
 * The matching rule: same kind; the same slot (canonical keys equal, or both without a key); the same stance
 * (equal facets and polarities, or neither has a facet); for a rule, the label's trigger inside the proposal's;
 * and the label's essence inside the proposal's content. A proposal's missing or extra key or facet is a mismatch:
 * either would make consolidation or the conflict filter act on the wrong memory.
 */
export function proposalMatches(label: Label, proposal: Proposal): boolean {
  if (proposal.kind !== label.kind) return false;
  const labelKey = label.key === undefined ? undefined : (canonicalSlotKey(label.key) ?? label.key);
  if (labelKey !== proposal.key) return false;
  if (label.facet === undefined) {
    if (proposal.facet !== undefined) return false;
  } else {
    const facets = (Array.isArray(label.facet) ? label.facet : [label.facet]).map(facetForm);
    if (proposal.facet === undefined || !facets.includes(facetForm(proposal.facet))) return false;
    if (proposal.polarity !== label.polarity) return false;
  }
  if (label.trigger !== undefined) {
    if (proposal.trigger === undefined) return false;
    if (!containsRun(matchTokens(proposal.trigger), matchTokens(label.trigger))) return false;
  }
  return contentMatches(proposal.content, label.essence);
}

export interface Tally {
  /** Proposals made. */
  proposals: number;
  /** Proposals that matched a label (explicit or not). */
  correct: number;
  /** Explicit labels, and those a proposal matched. */
  labels: number;
  found: number;
  /** Labels marked explicit: false, and those a proposal matched (reported, not part of recall). */
  implicitLabels: number;
  implicitFound: number;
}

export interface Miss {
  chat: string;
  turn: number;
  text: string;
  label: Label;
}

export interface FalseAlarm {
  chat: string;
  turn: number;
  text: string;
  proposal: Proposal;
}

export interface Score {
  overall: Tally;
  byLanguage: Record<string, Tally>;
  misses: Miss[];
  falseAlarms: FalseAlarm[];
}

const emptyTally = (): Tally => ({
  proposals: 0,
  correct: 0,
  labels: 0,
  found: 0,
  implicitLabels: 0,
  implicitFound: 0,
});

export function precision(t: Tally): number {
  return t.proposals === 0 ? 1 : t.correct / t.proposals;
}

export function recall(t: Tally): number {
  return t.labels === 0 ? 1 : t.found / t.labels;
}

/**
 * Scores one extractor run: `results[i]` holds the proposals made for `chats[i]`. Each label is matched by at most
 * one proposal citing its turn and each proposal matches at most one label, first come first served in turn and
 * label order. A proposal citing several turns may match a label of any of them.
 */
export function scoreRun(chats: readonly LabelledChat[], results: readonly (readonly Proposal[])[]): Score {
  const overall = emptyTally();
  const byLanguage: Record<string, Tally> = {};
  const misses: Miss[] = [];
  const falseAlarms: FalseAlarm[] = [];

  chats.forEach((chat, c) => {
    const lang = byLanguage[chat.language] ?? emptyTally();
    byLanguage[chat.language] = lang;
    const both = (update: (t: Tally) => void) => {
      update(overall);
      update(lang);
    };
    const proposals = results[c] ?? [];
    const used = new Set<number>();
    chat.turns.forEach((turn, index) => {
      if (turn.role !== 'user') return;
      for (const label of turn.expect) {
        both((t) => (label.explicit ? t.labels++ : t.implicitLabels++));
        const hit = proposals.findIndex(
          (p, i) =>
            !used.has(i) && p.provenance.turns.some((r) => r.index === index) && proposalMatches(label, p),
        );
        if (hit >= 0) {
          used.add(hit);
          both((t) => (label.explicit ? t.found++ : t.implicitFound++));
        } else if (label.explicit) {
          misses.push({ chat: chat.id, turn: index, text: turn.text, label });
        }
      }
    });
    proposals.forEach((p, i) => {
      both((t) => t.proposals++);
      if (used.has(i)) both((t) => t.correct++);
      else {
        const turn = p.provenance.turns[0]!.index;
        falseAlarms.push({ chat: chat.id, turn, text: chat.turns[turn]?.text ?? '', proposal: p });
      }
    });
  });
  return { overall, byLanguage, misses, falseAlarms };
}
