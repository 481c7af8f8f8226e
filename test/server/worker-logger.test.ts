// Worker logging: one JSON object per event, on the console method of its level.
import { describe, expect, it } from 'vitest';
import { consoleJsonLogger } from '../../src/server/worker-logger.ts';

describe('consoleJsonLogger', () => {
  it('writes each level to its own console method as one JSON object', () => {
    const out: Record<string, string[]> = { log: [], warn: [], error: [] };
    const logger = consoleJsonLogger({
      log: (line: string) => out.log?.push(line),
      warn: (line: string) => out.warn?.push(line),
      error: (line: string) => out.error?.push(line),
    });
    logger.info('job', { job: 'sweep', duration_ms: 12 });
    logger.warn('recall.degraded', { reason: 'embedding_timeout' });
    logger.error('config.invalid');
    expect(out.log?.map((l) => JSON.parse(l))).toEqual([
      { level: 'info', event: 'job', time: expect.any(String), job: 'sweep', duration_ms: 12 },
    ]);
    expect(JSON.parse(out.warn?.[0] ?? '')).toMatchObject({ level: 'warn', event: 'recall.degraded' });
    expect(JSON.parse(out.error?.[0] ?? '')).toMatchObject({ level: 'error', event: 'config.invalid' });
  });
});
