// Checks that a memory's kind agrees with its optional fields: a rule needs a trigger (a refusal); a trigger
// outside a rule, or a polarity without a facet (or the reverse), is only a warning.
import type { MemoryInput } from '../contract/index.ts';
import type { GateFlag, GateReason } from './reason-codes.ts';

export interface ConsistencyResult {
  reasons: GateReason[];
  flags: GateFlag[];
}

/**
 * Kind/field consistency. The request schema already refuses a rule without a trigger; the gate checks again
 * because batch and ingest paths may build inputs without going through that schema.
 */
export function checkConsistency(
  input: Pick<MemoryInput, 'kind' | 'trigger' | 'polarity' | 'facet'>,
): ConsistencyResult {
  const reasons: GateReason[] = [];
  const flags: GateFlag[] = [];
  const hasTrigger = input.trigger !== undefined && input.trigger.trim().length > 0;
  if (input.kind === 'rule' && !hasTrigger) {
    reasons.push({ code: 'kind.rule_without_trigger', message: 'a rule needs a trigger' });
  }
  if (input.kind !== 'rule' && hasTrigger) flags.push('kind.trigger_without_rule');
  if (input.polarity !== undefined && input.facet === undefined) flags.push('kind.polarity_without_facet');
  if (input.facet !== undefined && input.polarity === undefined) flags.push('kind.facet_without_polarity');
  return { reasons, flags };
}
