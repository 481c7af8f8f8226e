// Throughput figures of `engram bench` (issue 18 item 6): memories/s through POST /v1/memories/batch and through
// importJsonl (what `engram import` runs), and recalls/s through POST /v1/recall at several client counts. The
// recall clients run in a process of their own (load-recall.ts): on a 2-core machine that process takes most of a
// core, so the server and the database share what is left, and the figures say so.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Principal } from '../core/principal.ts';
import type { MemoryStore } from '../ports/store.ts';
import { importJsonl } from '../services/import-jsonl.ts';
import type { MemoryService } from '../services/memories.ts';
import { prng, randomSentence } from './corpus.ts';
import { postJson } from './http-server.ts';

const run = promisify(execFile);
const LOAD_GENERATOR = fileURLToPath(new URL('./load-recall.ts', import.meta.url));

export interface RecallThroughput {
  clients: number;
  per_second: number;
  client_p50_ms: number;
  client_p95_ms: number;
  /** The server's own timing_ms.total (the rest of the client's latency is HTTP, JSON and queueing). */
  server_p50_ms: number;
  failures: number;
}

export interface ThroughputResult {
  /** Memories/s through POST /v1/memories/batch, 500 a request (gate, local or bench embedder, one RPC a batch). */
  http_batch_ingest_per_second: number;
  /** Memories/s through importJsonl, 500 a batch (what `engram import` runs). */
  import_per_second: number;
  recalls: RecallThroughput[];
}

const BATCH = 500;

/** Memories/s of `count` generated memories of `subject` through the batch route, `BATCH` a request. */
export async function httpBatchIngest(
  url: string,
  key: string,
  subject: string,
  count: number,
  seed: number,
): Promise<number> {
  const random = prng(seed);
  const started = performance.now();
  for (let from = 0; from < count; from += BATCH) {
    const items = Array.from({ length: Math.min(BATCH, count - from) }, () => ({
      subject,
      kind: 'fact',
      content: randomSentence(random, 10),
    }));
    const res = await postJson(`${url}/v1/memories/batch`, key, { items });
    await res.arrayBuffer();
  }
  return Math.round(count / ((performance.now() - started) / 1000));
}

/** Memories/s of `count` generated JSON lines through importJsonl. */
export async function importRate(
  deps: { memories: MemoryService; store: MemoryStore },
  principal: Principal,
  subject: string,
  count: number,
  seed: number,
): Promise<number> {
  const random = prng(seed);
  async function* lines() {
    for (let i = 0; i < count; i++)
      yield JSON.stringify({ subject, kind: 'fact', content: randomSentence(random, 10) });
  }
  const result = await importJsonl(deps, principal, lines());
  return result.memoriesPerSecond;
}

/** Recalls/s through HTTP at each client count, `total` recalls a count, round robin over `subjects`. */
export async function recallThroughput(
  url: string,
  key: string,
  subjects: readonly string[],
  clientCounts: readonly number[],
  total: number,
): Promise<RecallThroughput[]> {
  const out: RecallThroughput[] = [];
  for (const clients of clientCounts) {
    const { stdout } = await run(process.execPath, [
      '--import',
      'tsx',
      LOAD_GENERATOR,
      url,
      key,
      String(clients),
      String(total),
      subjects.join(','),
    ]);
    const line = JSON.parse(stdout.trim().split('\n').at(-1)!) as RecallThroughput;
    out.push({
      clients,
      per_second: line.per_second,
      client_p50_ms: line.client_p50_ms,
      client_p95_ms: line.client_p95_ms,
      server_p50_ms: line.server_p50_ms,
      failures: line.failures,
    });
  }
  return out;
}
