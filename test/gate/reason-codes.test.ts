import { describe, expect, it } from 'vitest';
import {
  GATE_FLAGS,
  GATE_REASON_CODES,
  PII_CLASSES,
  PII_CODES,
  PII_REJECTION_CODES,
  piiMessage,
  SECRET_CODES,
  secretMessage,
} from '../../src/gate/reason-codes.ts';

describe('reason codes', () => {
  it('lists at least 15 distinct secret kinds and no duplicate codes or flags', () => {
    expect(SECRET_CODES.length).toBeGreaterThanOrEqual(15);
    expect(new Set(GATE_REASON_CODES).size).toBe(GATE_REASON_CODES.length);
    expect(new Set(GATE_FLAGS).size).toBe(GATE_FLAGS.length);
    for (const code of SECRET_CODES) expect(code).toMatch(/^secret\.[a-z0-9_]+$/);
  });

  it('has a distinct message for every secret kind, naming the field', () => {
    const messages = SECRET_CODES.map((code) => secretMessage(code, 'metadata'));
    expect(new Set(messages).size).toBe(SECRET_CODES.length);
    for (const message of messages) expect(message.startsWith('metadata contains')).toBe(true);
  });

  it('gives every identifier class a listed rejection code, a redaction flag and a distinct message', () => {
    for (const cls of PII_CLASSES) {
      expect(GATE_REASON_CODES).toContain(PII_REJECTION_CODES[cls]);
      expect(GATE_FLAGS).toContain(`pii_redacted:${cls}`);
    }
    for (const code of PII_CODES) expect(code).toMatch(/^pii\.[a-z_]+$/);
    // The card number keeps the code it had as a secret, so clients and counters branching on it still work.
    expect(PII_REJECTION_CODES.card_number).toBe('secret.card_number');
    const messages = PII_CLASSES.flatMap((cls) => [
      piiMessage(cls, 'tags', 'policy'),
      piiMessage(cls, 'tags', 'field'),
    ]);
    expect(new Set(messages).size).toBe(messages.length);
  });
});
