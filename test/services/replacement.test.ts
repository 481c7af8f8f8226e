// The pure rules of a replacement: what the new version inherits from the old one, and its store record.
import { describe, expect, it } from 'vitest';
import type { Memory } from '../../src/contract/index.ts';
import { memoryRecord } from '../../src/services/memory-record.ts';
import { replacementInput } from '../../src/services/replacement.ts';

const NOW = new Date('2026-01-01T00:00:00.000Z');

function memory(overrides: Partial<Memory> = {}): Memory {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    subject: 'ann',
    kind: 'preference',
    content: 'Ann likes tea',
    tags: ['drinks'],
    importance: 0.8,
    trust: 3,
    confidence: 0.9,
    source: { type: 'user', uri: 'chat://1' },
    key: 'drink',
    facet: null,
    polarity: null,
    trigger: null,
    language: 'en',
    created_at: '2025-12-01T00:00:00.000Z',
    updated_at: '2025-12-01T00:00:00.000Z',
    valid_from: null,
    expires_at: null,
    revoked_at: null,
    revoked_reason: null,
    supersedes: null,
    superseded_by: null,
    embedding: { model: null, status: 'pending' },
    metadata: { origin: 'import' },
    ...overrides,
  };
}

describe('replacementInput', () => {
  it('takes the body over the old version, in the old subject, without carrying trust or nulls', () => {
    const input = replacementInput(memory(), { content: 'Ann likes coffee', tags: ['morning'] }, NOW);
    expect(input).toEqual({
      subject: 'ann',
      kind: 'preference',
      content: 'Ann likes coffee',
      tags: ['morning'],
      importance: 0.8,
      confidence: 0.9,
      source: { type: 'user', uri: 'chat://1' },
      key: 'drink',
      metadata: { origin: 'import' },
    });
    expect(input).not.toHaveProperty('trust');
    expect(input).not.toHaveProperty('reason');
  });

  it('does not carry the old language over new content (it is detected again), only the body’s', () => {
    const old = memory({ language: 'en' });
    expect(replacementInput(old, { content: '安喜欢喝咖啡' }, NOW)).not.toHaveProperty('language');
    expect(replacementInput(old, { content: 'Ann mag Kaffee', language: 'de' }, NOW).language).toBe('de');
  });

  it('keeps a future expiry unless the body sets one; drops a past one', () => {
    const future = memory({ expires_at: '2026-02-01T00:00:00.000Z' });
    expect(replacementInput(future, { content: 'x' }, NOW).expires_at).toBe('2026-02-01T00:00:00.000Z');
    const withTtl = replacementInput(future, { content: 'x', ttl_seconds: 60 }, NOW);
    expect(withTtl.ttl_seconds).toBe(60);
    expect(withTtl).not.toHaveProperty('expires_at');
    const past = memory({ expires_at: '2025-12-31T00:00:00.000Z' });
    expect(replacementInput(past, { content: 'x' }, NOW)).not.toHaveProperty('expires_at');
  });

  it('refuses a result that is not a valid memory: a rule needs a trigger', () => {
    expect(() => replacementInput(memory(), { content: 'x', kind: 'rule' }, NOW)).toThrow(
      expect.objectContaining({ code: 'invalid_request' }),
    );
    const rule = memory({ kind: 'rule', trigger: 'when booking' });
    expect(replacementInput(rule, { content: 'ask about aisle seats' }, NOW).trigger).toBe('when booking');
  });
});

// The record of a replacement is built by the write pipeline's one record builder.
describe('memoryRecord of a replacement', () => {
  it("stores the gate's content, hash, trust, flags and expiry, not the body's", () => {
    const input = replacementInput(memory(), { content: ' raw ' }, NOW);
    const gate = {
      decision: 'accepted' as const,
      normalizedContent: 'raw',
      contentHash: 'h',
      trust: 1,
      flags: ['pii.email'],
      expiresAt: new Date('2026-03-01T00:00:00.000Z'),
    };
    const record = memoryRecord(input, gate, {}, { type: 'app' });
    expect(record).toMatchObject({
      subject: 'ann',
      content: 'raw',
      content_hash: 'h',
      trust: 1,
      flags: ['pii.email'],
      expires_at: '2026-03-01T00:00:00.000Z',
      key: 'drink',
    });
  });
});
