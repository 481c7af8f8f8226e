// Builders of store records for tests (what the write gate would hand the store).
import { sha256Hex } from '../../src/core/hash.ts';
import type { MemoryRecord } from '../../src/ports/store.ts';

export async function record(
  overrides: Partial<MemoryRecord> & { subject: string; content: string },
): Promise<MemoryRecord> {
  return {
    kind: 'fact',
    tags: [],
    trust: 2,
    source: { type: 'user' },
    flags: [],
    content_hash: await sha256Hex(overrides.content.toLowerCase()),
    ...overrides,
  };
}
