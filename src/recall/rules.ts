// The rules lane: memories of kind `rule` whose trigger phrase occurs in the query, with the action to take.
import { collapseWhitespace, foldApostrophes } from './text.ts';
import type { Candidate } from './types.ts';

/** apply: act without asking; confirm: propose and let the user confirm; ask: ask whether the rule holds. */
export type RuleAction = 'apply' | 'confirm' | 'ask';

export interface RuleHit {
  id: string;
  trigger: string;
  content: string;
  confidence: number;
  action: RuleAction;
}

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

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A case-insensitive matcher for a trigger phrase as whole words: "tea" fires on "Tea, please" but not on
 * "steam" or "teapot". Words are letters, digits and `_` in any script; whitespace inside the trigger matches
 * any whitespace. Returns null for an empty trigger.
 */
export function triggerPattern(trigger: string): RegExp | null {
  const words = collapseWhitespace(foldApostrophes(trigger));
  if (words === '') return null;
  const body = words.split(' ').map(escapeRegExp).join('\\s+');
  return new RegExp(`(?<![\\p{L}\\p{N}_])${body}(?![\\p{L}\\p{N}_])`, 'iu');
}

/**
 * The rules whose trigger occurs in the (normalised) query. Needs no embedding, so it still works when the
 * vector lane is down. Non-rules, rules without a trigger and repeated ids are skipped. Order: apply before
 * confirm before ask, then higher confidence, then id.
 */
export function matchRules(rules: readonly Candidate[], query: string): RuleHit[] {
  const text = foldApostrophes(query);
  const seen = new Set<string>();
  const hits: RuleHit[] = [];
  for (const r of rules) {
    if (r.kind !== 'rule' || !r.trigger || seen.has(r.id)) continue;
    const pattern = triggerPattern(r.trigger);
    if (!pattern?.test(text)) continue;
    seen.add(r.id);
    hits.push({
      id: r.id,
      trigger: r.trigger,
      content: r.content,
      confidence: r.confidence,
      action: ruleAction(r.confidence, r.trust),
    });
  }
  const strength: Record<RuleAction, number> = { apply: 0, confirm: 1, ask: 2 };
  return hits.sort(
    (a, b) =>
      strength[a.action] - strength[b.action] ||
      b.confidence - a.confidence ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}
