// The rules lane: memories of kind `rule` whose trigger phrase occurs in the query, with the action to take.
import type { RuleAction, RuleHit } from '../contract/index.ts';
import { escapeRegExp } from '../core/regexp.ts';
import { CJK_CHAR_CLASS, wordForms } from '../language/index.ts';
import { collapseWhitespace, foldApostrophes } from './text.ts';
import type { Candidate } from './types.ts';

export const APPLY_AT = 0.9;
export const CONFIRM_AT = 0.7;

/**
 * The action a rule's confidence allows: >= 0.9 apply, 0.7 up to 0.9 confirm, below (or not a number) ask.
 * A rule of trust 0 (it came from external content, e.g. a web page) never goes past ask, whatever its
 * confidence: such text is exactly where an injected "always do X" would come from.
 */
export function ruleAction(confidence: number, trust: number): RuleAction {
  if (!(trust >= 1) || !Number.isFinite(confidence) || confidence < CONFIRM_AT) return 'ask';
  return confidence >= APPLY_AT ? 'apply' : 'confirm';
}

/** The most a rule may do when no trigger fired: a search lane alone is not the rule's own condition. */
export const LANE_ONLY_ACTION: RuleAction = 'confirm';

const STRENGTH: Record<RuleAction, number> = { apply: 0, confirm: 1, ask: 2 };

function atMost(action: RuleAction, cap: RuleAction): RuleAction {
  return STRENGTH[action] >= STRENGTH[cap] ? action : cap;
}

// A word character for boundaries: a letter, digit or `_` that is not CJK (CJK words have no boundaries).
const WORD_CHAR = `(?:(?!${CJK_CHAR_CLASS})[\\p{L}\\p{N}_])`;
const PIECES = new RegExp(`(${CJK_CHAR_CLASS}+)|(${WORD_CHAR}+(?:'${WORD_CHAR}+)*)|(\\s+)|([^])`, 'gu');

type Piece = { kind: 'cjk' | 'word' | 'space' | 'other'; text: string };

/** Trigger and query are compared after the same folding: apostrophes, and NFKC (fullwidth ＳＯＤＡ is SODA). */
function fold(text: string): string {
  return foldApostrophes(text).normalize('NFKC');
}

/**
 * A case-insensitive matcher for a trigger phrase. Latin (and other spaced) words match as whole words in any of
 * their {@link wordForms} ("soft drink" fires on "Soft Drinks", "deploy" on "deploying", never "tea" on "steam"
 * or "teapot"), every word of the trigger in order, whitespace between them matching any whitespace. CJK runs
 * match anywhere, as CJK text has no word boundaries ("汽水" fires inside "我买了两瓶汽水"). Anything else is
 * literal ("c++"). `language` (the rule's) adds that language's plurals. Returns null for an empty trigger.
 */
export function triggerPattern(trigger: string, language?: string | null): RegExp | null {
  const pieces: Piece[] = [];
  for (const m of collapseWhitespace(fold(trigger)).matchAll(PIECES)) {
    const kind = m[1] ? 'cjk' : m[2] ? 'word' : m[3] ? 'space' : 'other';
    pieces.push({ kind, text: m[0] });
  }
  if (pieces.length === 0) return null;
  const body = pieces.map((p, i) => {
    if (p.kind === 'cjk') return escapeRegExp(p.text);
    if (p.kind === 'other') return escapeRegExp(p.text);
    if (p.kind === 'word') {
      const forms = [...wordForms(p.text, language)].sort((a, b) => b.length - a.length);
      return forms.length === 1 ? escapeRegExp(forms[0]!) : `(?:${forms.map(escapeRegExp).join('|')})`;
    }
    // A space next to CJK may be missing in the text ("用 Rust" / "用Rust").
    const nextToCjk = pieces[i - 1]?.kind === 'cjk' || pieces[i + 1]?.kind === 'cjk';
    return nextToCjk ? '\\s*' : '\\s+';
  });
  const open = pieces[0]!.kind === 'cjk' ? '' : `(?<!${WORD_CHAR})`;
  const close = pieces.at(-1)!.kind === 'cjk' ? '' : `(?!${WORD_CHAR})`;
  return new RegExp(`${open}${body.join('')}${close}`, 'iu');
}

/** A rule memory that a search lane returned (with evidence that survived the threshold). */
export interface LaneReachedRule {
  candidate: Candidate;
}

function hit(r: Candidate, action: RuleAction): RuleHit {
  return { id: r.id, trigger: r.trigger ?? '', content: r.content, confidence: r.confidence, action };
}

/**
 * The rules that apply to the (normalised) query. A rule whose trigger occurs in the query fires with the action
 * its confidence and trust allow; this needs no embedding, so it still works when the vector lane is down. A rule
 * that only a search lane reached (`reached`: the vector lane found its content similar, or the lexical lane
 * shared words with it) comes back too, but with an action of at most `confirm`: similarity is not the rule's
 * condition, so it is proposed, never applied. Non-rules, rules without a trigger and repeated ids are skipped.
 * Order: apply before confirm before ask, then higher confidence, then id.
 */
export function matchRules(
  rules: readonly Candidate[],
  query: string,
  reached: readonly LaneReachedRule[] = [],
): RuleHit[] {
  const text = fold(query);
  const seen = new Set<string>();
  const hits: RuleHit[] = [];
  for (const r of rules) {
    if (r.kind !== 'rule' || !r.trigger || seen.has(r.id)) continue;
    if (!triggerPattern(r.trigger, r.language)?.test(text)) continue;
    seen.add(r.id);
    hits.push(hit(r, ruleAction(r.confidence, r.trust)));
  }
  for (const { candidate: r } of reached) {
    if (r.kind !== 'rule' || !r.trigger || seen.has(r.id)) continue;
    if (triggerPattern(r.trigger, r.language)?.test(text)) continue; // fired above when it is in `rules`
    seen.add(r.id);
    hits.push(hit(r, atMost(ruleAction(r.confidence, r.trust), LANE_ONLY_ACTION)));
  }
  return hits.sort(
    (a, b) =>
      STRENGTH[a.action] - STRENGTH[b.action] ||
      b.confidence - a.confidence ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}
