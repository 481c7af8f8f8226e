import { describe, expect, it } from 'vitest';
import { GATE_FLAGS, GATE_REASON_CODES, SECRET_CODES, secretMessage } from '../../src/gate/reason-codes.ts';

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
});
