import { describe, expect, it } from 'vitest';
import { checkConsistency } from '../../src/gate/consistency.ts';

describe('checkConsistency', () => {
  it('refuses a rule without a trigger (blank counts as missing)', () => {
    expect(checkConsistency({ kind: 'rule' }).reasons.map((r) => r.code)).toEqual([
      'kind.rule_without_trigger',
    ]);
    expect(checkConsistency({ kind: 'rule', trigger: '  ' }).reasons).toHaveLength(1);
    expect(checkConsistency({ kind: 'rule', trigger: 'before deploying' })).toEqual({
      reasons: [],
      flags: [],
    });
  });

  it('warns, without refusing, about a trigger outside a rule and a lone polarity or facet', () => {
    expect(checkConsistency({ kind: 'fact', trigger: 'x' })).toEqual({
      reasons: [],
      flags: ['kind.trigger_without_rule'],
    });
    expect(checkConsistency({ kind: 'preference', polarity: 'avoid' }).flags).toEqual([
      'kind.polarity_without_facet',
    ]);
    expect(checkConsistency({ kind: 'preference', facet: 'food' }).flags).toEqual([
      'kind.facet_without_polarity',
    ]);
    expect(checkConsistency({ kind: 'preference', facet: 'food', polarity: 'prefer' })).toEqual({
      reasons: [],
      flags: [],
    });
  });
});
