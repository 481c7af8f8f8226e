// `engram extract --pending`: flag parsing (the job itself runs against real databases in
// test/http/ingest-extraction.test.ts).
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/args.ts';
import { parseExtractFlags } from '../../src/cli/commands/extract.ts';

describe('engram extract', () => {
  it('needs --pending, and parses its bounds with defaults', () => {
    expect(parseExtractFlags(['--pending'])).toEqual({
      batchSize: 200,
      maxBatches: undefined,
      deadlineMs: undefined,
      maxAttempts: 5,
    });
    expect(
      parseExtractFlags(['--pending', '--batch-size', '50', '--max-seconds', '3', '--max-attempts', '2']),
    ).toMatchObject({ batchSize: 50, deadlineMs: 3000, maxAttempts: 2 });
    expect(() => parseExtractFlags([])).toThrow(UsageError);
    expect(() => parseExtractFlags(['--pending', '--batch-size', '0'])).toThrow(UsageError);
    expect(() => parseExtractFlags(['--pending', 'now'])).toThrow(UsageError);
  });
});
