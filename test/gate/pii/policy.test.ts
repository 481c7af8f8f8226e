import { describe, expect, it } from 'vitest';
import type { MemoryInput } from '../../../src/contract/index.ts';
import { evaluateWrite, type GateAccepted, type GateRejected } from '../../../src/gate/evaluate-write.ts';
import { DEFAULT_PII_POLICY, PiiPolicySchema, resolvePiiPolicy } from '../../../src/gate/pii/policy.ts';
import { GATE_FLAGS, GATE_REASON_CODES } from '../../../src/gate/reason-codes.ts';

const caller = { auth: 'api_key', scopes: ['memories:write'] } as const;
const now = new Date('2026-05-01T00:00:00Z');
const CONTACT = 'Ana (landlord): ana@example.com, +1 415 555 0133';

function memory(overrides: Partial<MemoryInput> = {}): MemoryInput {
  return { subject: 'user:42', kind: 'fact', content: 'Prefers green tea.', ...overrides };
}

async function accepted(input: MemoryInput, options = {}): Promise<GateAccepted> {
  const result = await evaluateWrite(input, caller, { now, ...options });
  if (result.decision !== 'accepted')
    throw new Error(`expected accepted, got ${JSON.stringify(result.reasons)}`);
  return result;
}

async function rejected(input: MemoryInput, options = {}): Promise<GateRejected> {
  const result = await evaluateWrite(input, caller, { now, ...options });
  if (result.decision !== 'rejected') throw new Error('expected rejected');
  return result;
}

describe('PiiPolicySchema', () => {
  it('accepts a partial policy as JSON and fills the defaults in', () => {
    const stored = JSON.parse('{"email":"redact","ssn":"redact"}');
    const policy = PiiPolicySchema.parse(stored);
    expect(resolvePiiPolicy(policy)).toEqual({ ...DEFAULT_PII_POLICY, email: 'redact', ssn: 'redact' });
    expect(resolvePiiPolicy()).toEqual(DEFAULT_PII_POLICY);
  });

  it('refuses unknown classes, unknown actions and storing government ids or contact records as sent', () => {
    for (const bad of [
      { passport_photo: 'reject' },
      { ssn: 'hide' },
      { ssn: 'allow' },
      { contact_record: 'allow' },
    ]) {
      expect(PiiPolicySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(PiiPolicySchema.safeParse({ email: 'allow', phone: 'reject' }).success).toBe(true);
  });
});

describe('evaluateWrite with the default PII policy', () => {
  it('rejects government ids, card numbers and IBANs with their codes, never echoing the value', async () => {
    const result = await rejected(
      memory({ content: 'ssn 536-22-8741, card 4111 1111 1111 1111, IBAN DE89 3704 0044 0532 0130 00' }),
    );
    expect(result.reasons.map((r) => r.code)).toEqual(['pii.ssn', 'secret.card_number', 'pii.iban']);
    for (const reason of result.reasons) {
      expect(reason.message).not.toMatch(/536|4111|DE89/);
      expect(reason.message.startsWith('content contains')).toBe(true);
    }
  });

  it('stores a contact record redacted: typed placeholders, a flag per class, the hash of what is stored', async () => {
    const result = await accepted(memory({ content: CONTACT }));
    expect(result.normalizedContent).toBe('Ana (landlord): [email], [phone]');
    expect(result.flags).toContain('pii_redacted:contact_record');
    expect(result.redactions).toEqual([{ field: 'content', class: 'contact_record' }]);
    const plain = await accepted(memory({ content: 'Ana (landlord): [email], [phone]' }));
    expect(result.contentHash).toBe(plain.contentHash);
  });

  it('keeps a lone e-mail address or phone number as sent', async () => {
    for (const content of ['Her email is ana@example.com.', 'Call the dentist at +44 20 7946 0018.']) {
      const result = await accepted(memory({ content }));
      expect(result.normalizedContent).toBe(content);
      expect(result.redactions).toEqual([]);
    }
  });

  it('sees a contact record spread over fields, and rejects it where this caller cannot store it redacted', async () => {
    const input = memory({
      content: 'Ana is the landlord, phone +1 415 555 0133',
      metadata: { email: 'ana@example.com' },
    });
    const result = await rejected(input);
    expect(result.reasons.map((r) => r.code)).toEqual(['pii.contact_record']);
    expect(result.reasons[0]?.message).toMatch(/^metadata contains .* content and trigger only$/);
  });
});

describe('evaluateWrite with a tenant policy', () => {
  it('redacts in every scanned field and returns the values to store, when the caller stores them', async () => {
    const input = memory({
      content: 'SSN 536-22-8741 on file',
      trigger: 'when asked for the ssn 536-22-8741',
      kind: 'rule',
      key: 'ssn 536-22-8741',
      facet: 'contact ana@example.com',
      tags: ['ssn 536-22-8741', 'tax'],
      source: { type: 'user', uri: 'mailto:ana@example.com', id: 'ssn 536-22-8741' },
      metadata: { ssn: '536228741', nested: { list: ['ana@example.com'] }, 'ana@example.com': 1 },
    });
    const result = await accepted(input, {
      piiPolicy: { ssn: 'redact', email: 'redact' },
      storesRedactedFields: true,
    });
    expect(result.normalizedContent).toBe('SSN [ssn] on file');
    expect(result.normalizedTrigger).toBe('when asked for the ssn [ssn]');
    expect(result.redactedFields).toEqual({
      key: 'ssn [ssn]',
      facet: 'contact [email]',
      tags: ['ssn [ssn]', 'tax'],
      source: { type: 'user', uri: 'mailto:[email]', id: 'ssn [ssn]' },
      metadata: { ssn: '[ssn]', nested: { list: ['[email]'] }, '[email]': 1 },
    });
    expect(result.flags.filter((f) => f.startsWith('pii_'))).toEqual([
      'pii_redacted:ssn',
      'pii_redacted:email',
    ]);
    expect(JSON.stringify(result)).not.toMatch(/536-?22-?8741|ana@example/);
  });

  it('rejects a lone e-mail when the tenant says so, and allows nothing it does not name', async () => {
    const result = await rejected(memory({ content: 'Her email is ana@example.com.' }), {
      piiPolicy: { email: 'reject' },
    });
    expect(result.reasons.map((r) => r.code)).toEqual(['pii.email']);
    await accepted(memory({ content: 'Call the dentist at +44 20 7946 0018.' }), {
      piiPolicy: { email: 'reject' },
    });
  });

  it('lets a stricter class win over the contact record and the other way round', async () => {
    const strictPhone = await rejected(memory({ content: CONTACT }), { piiPolicy: { phone: 'reject' } });
    expect(strictPhone.reasons.map((r) => r.code)).toEqual(['pii.phone']);
    const strictRecord = await rejected(memory({ content: CONTACT }), {
      piiPolicy: { contact_record: 'reject' },
    });
    expect(strictRecord.reasons.map((r) => r.code)).toEqual(['pii.contact_record']);
  });

  it('only emits listed codes and flags', async () => {
    const result = await accepted(memory({ content: CONTACT }), { piiPolicy: { email: 'redact' } });
    for (const flag of result.flags) expect(GATE_FLAGS).toContain(flag);
    const refused = await rejected(memory({ content: 'DNI 12345678Z, passport no. 533380006' }));
    for (const reason of refused.reasons) expect(GATE_REASON_CODES).toContain(reason.code);
    expect(refused.reasons.map((r) => r.code)).toEqual(['pii.national_id', 'pii.passport']);
  });
});
