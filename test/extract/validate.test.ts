// The one validation of extractor output: whole proposals or counted drops, never half-parsed.
import { describe, expect, it } from 'vitest';
import { MAX_PROPOSALS_PER_ANSWER } from '../../src/core/proposal-schemas.ts';
import { addDrops, collectProposals } from '../../src/extract/validate.ts';
import type { ExtractInput } from '../../src/ports/extractor.ts';
import { extractedItem } from './helpers.ts';

const input: ExtractInput = {
  session: 's1',
  turns: [
    { index: 0, role: 'user', text: 'I moved to Munich', id: 'm0' },
    { index: 1, role: 'assistant', text: 'Nice, you live in Munich now' },
    { index: 2, role: 'user', text: 'I hate cilantro' },
  ],
};
const context = { input, extractor: 'test/x@1' };
const item = extractedItem;

describe('collectProposals', () => {
  it('turns a valid item into a proposal with provenance', () => {
    const { proposals, drops } = collectProposals([item()], { ...context, language: 'en' });
    expect(drops).toEqual({});
    expect(proposals).toEqual([
      {
        kind: 'fact',
        content: 'Lives in Munich',
        key: 'residence',
        tags: ['location'],
        confidence: 0.8,
        language: 'en',
        provenance: { session: 's1', turns: [{ index: 0, id: 'm0' }], extractor: 'test/x@1' },
      },
    ]);
  });

  it('stores keys in canonical form and facets as given', () => {
    const { proposals } = collectProposals(
      [
        item({
          kind: 'constraint',
          content: 'Is allergic to peanuts',
          key: 'Allergy:Peanuts',
          facet: ' Peanuts ',
          polarity: 'avoid',
        }),
      ],
      context,
    );
    expect(proposals[0]).toMatchObject({ key: 'allergy:peanut', facet: 'Peanuts', polarity: 'avoid' });
  });

  it('drops each bad item whole, with one counted reason', () => {
    const bad = [
      'not an object',
      item({ kind: 'episode' }),
      item({ content: '' }),
      item({ content: 'x'.repeat(301) }),
      item({ key: 'food_preference' }),
      item({ facet: 'cilantro' }),
      item({ polarity: 'avoid' }),
      item({ polarity: 'neutral', facet: 'x' }),
      item({ kind: 'rule' }),
      item({ trigger: 'tea' }),
      item({ confidence: 1.5 }),
      item({ confidence: '0.9' }),
      item({ source_turns: [] }),
      item({ source_turns: [0.5] }),
      item({ source_turns: [7] }),
      item({ source_turns: [1] }),
      item({ source_turns: [0, 1] }),
      item({ tags: ['x'.repeat(65)] }),
      item({ extra: true }),
      item({ key: undefined }),
    ];
    const { proposals, drops } = collectProposals(bad, context);
    expect(proposals).toEqual([]);
    expect(drops).toEqual({
      malformed: 2,
      invalid_kind: 1,
      invalid_content: 2,
      invalid_key: 1,
      unknown_key: 1,
      incomplete_stance: 2,
      invalid_polarity: 1,
      rule_without_trigger: 1,
      trigger_without_rule: 1,
      invalid_confidence: 2,
      invalid_source_turns: 2,
      unknown_turn: 1,
      not_user_turn: 2,
      invalid_tags: 1,
    });
    expect(Object.values(drops).reduce((a, b) => a + b, 0)).toBe(bad.length);
  });

  it('keeps a rule with its trigger and reads null and blank fields as absent', () => {
    const { proposals } = collectProposals(
      [item({ kind: 'rule', content: 'Answer in one line', key: ' ', trigger: ' tldr ', source_turns: [2] })],
      context,
    );
    expect(proposals[0]).toMatchObject({ kind: 'rule', trigger: 'tldr', content: 'Answer in one line' });
    expect(proposals[0]).not.toHaveProperty('key');
  });

  it('drops repeats and everything past the per-answer cap', () => {
    const many = Array.from({ length: MAX_PROPOSALS_PER_ANSWER + 3 }, (_, i) =>
      item({ content: `Fact number ${i % (MAX_PROPOSALS_PER_ANSWER - 1)}`, key: null }),
    );
    const { proposals, drops } = collectProposals(many, context);
    expect(proposals).toHaveLength(MAX_PROPOSALS_PER_ANSWER - 1);
    expect(drops).toEqual({ duplicate: 1, too_many: 3 });
  });

  it('orders proposals by their first source turn and sums drops', () => {
    const { proposals } = collectProposals(
      [
        item({ content: 'Hates cilantro', kind: 'preference', key: null, source_turns: [2] }),
        item({ source_turns: [2, 0] }),
      ],
      context,
    );
    expect(proposals.map((p) => p.provenance.turns.map((t) => t.index))).toEqual([[0, 2], [2]]);
    expect(addDrops({ duplicate: 1 }, { duplicate: 2, too_many: 1 })).toEqual({ duplicate: 3, too_many: 1 });
  });
});
