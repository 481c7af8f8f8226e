// `engram sweep` and `engram erase`: flag parsing and what they print (stub stores; the SQL is tested elsewhere).
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/args.ts';
import { eraseAndReport, parseEraseFlags } from '../../src/cli/commands/erase.ts';
import { parseSweepFlags, sweepAndReport } from '../../src/cli/commands/sweep.ts';
import type { MemoryStore, OperatorStore, TenantStore } from '../../src/ports/store.ts';

const config = { ENGRAM_REVOKED_RETENTION_DAYS: 30 };

describe('engram sweep', () => {
  it('parses flags with defaults from the configuration', () => {
    expect(parseSweepFlags([], config)).toEqual({
      batchSize: 500,
      maxBatches: 1000,
      maxMillis: 300_000,
      revokedRetentionDays: 30,
    });
    expect(
      parseSweepFlags(['--batch-size', '50', '--retention-days', '0', '--max-seconds', '5'], config),
    ).toMatchObject({
      batchSize: 50,
      revokedRetentionDays: 0,
      maxMillis: 5000,
    });
    expect(() => parseSweepFlags(['--batch-size', '0'], config)).toThrow(UsageError);
    expect(() => parseSweepFlags(['--batch-size', 'many'], config)).toThrow(UsageError);
    expect(() => parseSweepFlags(['now'], config)).toThrow(UsageError);
  });

  it('prints the counts, and says when it stopped early', async () => {
    let left = 2;
    const op = {
      sweepExpired: async () =>
        left-- > 0
          ? { expired: 3, revokedPurged: 1, embeddings: 2, skipped: 0 }
          : { expired: 0, revokedPurged: 0, embeddings: 0, skipped: 0 },
    } as Partial<OperatorStore> as OperatorStore;
    const store = { withOperator: (work) => work(op) } as Partial<MemoryStore> as MemoryStore;
    const lines: string[] = [];
    await sweepAndReport(store, { batchSize: 4, maxBatches: 1 }, (line) => lines.push(line));
    expect(lines[0]).toMatch(/^swept 3 expired and 1 revoked memories \(2 vectors\) in 1 batches/);
    expect(lines[1]).toBe('stopped at the batch or time bound; run again to continue');
  });
});

describe('engram erase', () => {
  it('needs a tenant and --yes', () => {
    expect(parseEraseFlags(['--tenant', 'acme', '--subject', 'u1', '--yes'])).toEqual({
      tenant: 'acme',
      subject: 'u1',
    });
    expect(() => parseEraseFlags(['--tenant', 'acme'])).toThrow(/--yes/);
    expect(() => parseEraseFlags(['--subject', 'u1', '--yes'])).toThrow(UsageError);
  });

  it('erases a subject or a whole tenant by name and prints counts, never the subject', async () => {
    const calls: string[] = [];
    const op = {
      findTenant: async (name: string) => (name === 'acme' ? 'tenant-id-1' : null),
      eraseTenant: async (id: string) => {
        calls.push(`tenant ${id}`);
        return { erased: { memories: 4, embeddings: 3, audit_events: 9, api_keys: 2 }, receipt_id: '77' };
      },
    } as Partial<OperatorStore> as OperatorStore;
    const tx = {
      eraseSubject: async (subject: string) => {
        calls.push(`subject ${subject}`);
        return {
          erased: { memories: 2, embeddings: 1, audit_events_redacted: 5 },
          receipt_id: '78',
          marker: 'erased:x',
        };
      },
    } as Partial<TenantStore> as TenantStore;
    const store = {
      withOperator: (work) => work(op),
      withTenant: (scope, work) => {
        calls.push(`scope ${scope.tenantId} ${scope.actor}`);
        return work(tx);
      },
    } as Partial<MemoryStore> as MemoryStore;
    const lines: string[] = [];
    await eraseAndReport(store, { tenant: 'acme', subject: 'secret-subject' }, (l) => lines.push(l));
    await eraseAndReport(store, { tenant: 'acme' }, (l) => lines.push(l));
    expect(calls).toEqual(['scope tenant-id-1 cli', 'subject secret-subject', 'tenant tenant-id-1']);
    expect(lines).toEqual([
      'erased 2 memories and 1 vectors; 5 audit events redacted; receipt 78',
      'erased tenant tenant-id-1: 4 memories, 3 vectors, 9 audit events, 2 API keys; receipt 77',
    ]);
    await expect(eraseAndReport(store, { tenant: 'nope' }, () => {})).rejects.toThrow(/no tenant named nope/);
  });
});
