// Soak benchmark (on demand): the Node server under mixed reads and writes for a while, sampling every second
// throughput, errors and the process RSS; prints and writes docs/benchmarks/soak.json and soak.svg (RSS and
// requests per second over time), with p50/p95/p99 per operation. The server runs in this process (fake embedder,
// the real gate), so RSS includes the load generator (a few MB of fetch state).
// Run: npx tsx scripts/soak.ts [--seconds 300] [--concurrency 32] [--database-url postgres://...] [--out DIR]
// With --database-url it runs on a scratch database of that server, created and dropped here.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { parseConfig } from '../src/config/index.ts';
import { silentLogger } from '../src/core/logger.ts';
import { createDeterministicEmbedder } from '../src/embedding/deterministic.ts';
import { evaluateWrite } from '../src/gate/index.ts';
import { startNodeServer } from '../src/server/node-server.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '300' },
    concurrency: { type: 'string', default: '32' },
    'database-url': { type: 'string' },
    out: { type: 'string', default: 'docs/benchmarks' },
  },
});
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);
const API_KEY = 'egm_soak_default_tenant_key_0123456789';
const ADMIN_KEY = 'egm_admin_soak_operator_key_0123456789';

// With a server URL, a scratch database on that server (created here, dropped at the end): never the one named.
const scratch = values['database-url'] ? `engram_soak_${Date.now().toString(36)}` : null;
const scratchUrl = (() => {
  if (!values['database-url'] || !scratch) return undefined;
  const url = new URL(values['database-url']);
  url.pathname = `/${scratch}`;
  return url.toString();
})();
async function onServer(sql: string) {
  const client = new pg.Client({ connectionString: values['database-url'] });
  await client.connect();
  await client.query(sql);
  await client.end();
}
if (scratch) await onServer(`create database ${scratch}`);
const dataDir = await mkdtemp(join(tmpdir(), 'engram-soak-'));
const server = await startNodeServer({
  config: parseConfig({
    PORT: '0',
    ENGRAM_DATA_DIR: dataDir,
    ENGRAM_API_KEY: API_KEY,
    ENGRAM_ADMIN_KEY: ADMIN_KEY,
    ...(scratchUrl ? { DATABASE_URL: scratchUrl, ENGRAM_AUTO_MIGRATE: 'true' } : {}),
  }),
  gate: evaluateWrite,
  embedder: createDeterministicEmbedder({ dimensions: 64 }),
  logger: silentLogger,
});

const headers = { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' };
const latencies: Record<'write' | 'recall' | 'list', number[]> = { write: [], recall: [], list: [] };
const samples: { t: number; rps: number; errors: number; rss_mb: number }[] = [];
let done = 0;
let errors = 0;
let n = 0;
const started = performance.now();
const deadline = started + seconds * 1000;

async function worker(w: number) {
  while (performance.now() < deadline) {
    const i = n++;
    const subject = `soak-${w % 8}`;
    // Mixed: 30% writes, 60% recalls, 10% lists.
    const roll = i % 10;
    const op = roll < 3 ? 'write' : roll < 9 ? 'recall' : 'list';
    const t0 = performance.now();
    try {
      const res =
        op === 'write'
          ? await fetch(`${server.url}/v1/memories`, {
              method: 'POST',
              headers,
              body: JSON.stringify({
                subject,
                kind: 'fact',
                content: `soak note ${i}: the ${i % 97} bicycle is blue`,
              }),
            })
          : op === 'recall'
            ? await fetch(`${server.url}/v1/recall`, {
                method: 'POST',
                headers,
                body: JSON.stringify({ subject, query: `which bicycle ${i % 97}?` }),
              })
            : await fetch(`${server.url}/v1/memories?subject=${subject}&limit=20`, { headers });
      await res.arrayBuffer();
      if (res.status >= 500) errors++;
    } catch {
      errors++;
    }
    latencies[op].push(performance.now() - t0);
    done++;
  }
}

let last = 0;
const sampler = setInterval(() => {
  samples.push({
    t: Math.round((performance.now() - started) / 1000),
    rps: done - last,
    errors,
    rss_mb: Math.round(process.memoryUsage().rss / 1e5) / 10,
  });
  last = done;
}, 1000);
await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)));
clearInterval(sampler);
await server.close();
await rm(dataDir, { recursive: true, force: true });
if (scratch) await onServer(`drop database if exists ${scratch} with (force)`);

const pct = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return (
    Math.round((sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0) * 10) / 10
  );
};
const elapsed = (performance.now() - started) / 1000;
const result = {
  database: values['database-url'] ? 'postgres' : 'pglite',
  seconds: Math.round(elapsed),
  concurrency,
  requests: done,
  throughput_rps: Math.round(done / elapsed),
  errors_5xx_or_network: errors,
  latency_ms: Object.fromEntries(
    Object.entries(latencies).map(([op, xs]) => [
      op,
      { n: xs.length, p50: pct(xs, 50), p95: pct(xs, 95), p99: pct(xs, 99) },
    ]),
  ),
  rss_mb: {
    first: samples[0]?.rss_mb,
    last: samples.at(-1)?.rss_mb,
    max: Math.max(...samples.map((s) => s.rss_mb)),
  },
  samples,
};
console.log(JSON.stringify({ ...result, samples: `${samples.length} samples` }, null, 2));

// A two-series plot: RSS (MB, left scale) and requests per second (right scale) over time.
const W = 640;
const H = 240;
const maxT = Math.max(1, ...samples.map((s) => s.t));
const maxRss = Math.max(1, ...samples.map((s) => s.rss_mb));
const maxRps = Math.max(1, ...samples.map((s) => s.rps));
const line = (pick: (s: (typeof samples)[number]) => number, max: number) =>
  samples
    .map(
      (s) => `${Math.round(40 + (s.t / maxT) * (W - 80))},${Math.round(H - 30 - (pick(s) / max) * (H - 60))}`,
    )
    .join(' ');
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif" font-size="11">
<rect width="${W}" height="${H}" fill="white"/>
<text x="40" y="16">Soak: RSS (MB, blue, max ${maxRss}) and requests/s (orange, max ${maxRps}) over ${maxT} s, ${result.database}, concurrency ${concurrency}</text>
<line x1="40" y1="${H - 30}" x2="${W - 40}" y2="${H - 30}" stroke="#999"/>
<polyline fill="none" stroke="#1f77b4" stroke-width="2" points="${line((s) => s.rss_mb, maxRss)}"/>
<polyline fill="none" stroke="#ff7f0e" stroke-width="1.5" points="${line((s) => s.rps, maxRps)}"/>
<text x="40" y="${H - 12}">0 s</text><text x="${W - 70}" y="${H - 12}">${maxT} s</text>
</svg>
`;
await writeFile(join(values.out, 'soak.json'), `${JSON.stringify(result, null, 2)}\n`);
await writeFile(join(values.out, 'soak.svg'), svg);
