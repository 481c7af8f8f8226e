// Ingest throughput with extraction on (the offline extractor, the embedded default) and off: the same kind of
// chats through the ingest service on PGlite, variants interleaved round by round so that machine load hits both.
// Vectors come from the deterministic embedder (the local model's cost is the same in both variants and is
// measured in docs/benchmarks/local-embedder.md). Prints turns per second and writes
// docs/benchmarks/ingest-extraction.json.
// Run: npx tsx scripts/bench-ingest-extraction.ts [--rounds 3] [--chats 10]
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { IngestMessage } from '../src/contract/index.ts';
import { silentLogger } from '../src/core/logger.ts';
import type { Principal } from '../src/core/principal.ts';
import { migrate } from '../src/db/migrate.ts';
import { readMigrations } from '../src/db/migration-files.ts';
import { openPglite } from '../src/db/pglite-executor.ts';
import { createDeterministicEmbedder } from '../src/embedding/deterministic.ts';
import { createExtractor } from '../src/extract/factory.ts';
import { evaluateWrite } from '../src/gate/index.ts';
import { createIngestService } from '../src/services/ingest.ts';
import { createSqlStore } from '../src/store/sql-store.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string' }, chats: { type: 'string' } } });
const ROUNDS = Number(values.rounds ?? 3);
const CHATS = Number(values.chats ?? 10);
const TURNS = 40;

// Half of the user turns state something durable, half are chit-chat; the assistant answers each.
const STATEMENTS = [
  "Remember I don't eat cilantro",
  "I'm allergic to peanuts",
  'I live in Lisbon',
  'I work as a nurse at the city hospital',
  'I prefer short answers',
  'My daughter is called Mia',
  "I'm vegetarian",
  'Call me Sam',
  'From now on answer in Spanish',
  'I hate spicy food',
];
const CHATTER = [
  'What a day, the traffic was terrible',
  'Can you suggest a good movie for tonight?',
  'Thanks, that helps a lot',
  'How long does it take to boil an egg?',
  'Haha, that is funny',
];

function chat(round: number, n: number): IngestMessage[] {
  return Array.from({ length: TURNS }, (_, i) => {
    const k = (round * 31 + n * 7 + i) % 10;
    const user = i % 2 === 0;
    const text = user
      ? (i / 2) % 2 === 0
        ? `${STATEMENTS[k]!} (${round}.${n}.${i})`
        : `${CHATTER[k % CHATTER.length]!} (${round}.${n}.${i})`
      : `Sure, noted (${round}.${n}.${i}).`;
    return { speaker: user ? 'user' : 'assistant', text };
  });
}

const db = await openPglite();
await migrate(db, await readMigrations());
const store = createSqlStore(db);
const embedder = createDeterministicEmbedder({ dimensions: 100 });
await store.registerModel({
  model: embedder.model,
  provider: embedder.provider,
  dims: embedder.dimensions,
  threshold: null,
  activate: true,
});
const tenantId = await store.withOperator((op) => op.createTenant('bench-ingest'));
const principal: Principal = {
  kind: 'api_key',
  tenantId,
  scopes: ['memories:read', 'memories:write'],
  actor: 'bench',
};
const ingest = createIngestService({
  store,
  gate: evaluateWrite,
  embedder,
  logger: silentLogger,
  extractor: createExtractor({ provider: 'offline', timeoutMs: 8000 }, { logger: silentLogger }),
});

const variants = ['off', 'auto'] as const;
const totals = { off: { turns: 0, ms: 0, memories: 0 }, auto: { turns: 0, ms: 0, memories: 0 } };
const load = [loadavg()[0]!];
for (let round = 0; round < ROUNDS; round++) {
  for (const variant of round % 2 === 0 ? variants : [...variants].reverse()) {
    const started = performance.now();
    for (let n = 0; n < CHATS; n++) {
      const answer = await ingest.ingest(principal, {
        subject: `${variant}-${round}-${n}`,
        session: `s${round}.${n}`,
        messages: chat(round, n),
        extract: variant,
      });
      totals[variant].memories += answer.extraction.proposals.filter((p) => p.outcome !== 'rejected').length;
    }
    totals[variant].ms += performance.now() - started;
    totals[variant].turns += CHATS * TURNS;
  }
  load.push(loadavg()[0]!);
}
await db.close();

const results = variants.map((variant) => ({
  extract: variant,
  turns: totals[variant].turns,
  seconds: Math.round(totals[variant].ms) / 1000,
  turns_per_second: Math.round((totals[variant].turns / totals[variant].ms) * 1000),
  extracted_memories: totals[variant].memories,
}));
for (const r of results)
  console.log(
    `extract ${r.extract}: ${r.turns} turns in ${r.seconds} s = ${r.turns_per_second} turns/s (${r.extracted_memories} memories extracted)`,
  );
const report = {
  about: 'POST /v1/ingest service, PGlite in memory, deterministic 100-d embedder, offline extractor',
  rounds: ROUNDS,
  chats_per_round: CHATS,
  turns_per_chat: TURNS,
  machine: { cpus: cpus().length, load_average_1m: load.map((l) => Math.round(l * 10) / 10) },
  measured_at: new Date().toISOString(),
  results,
};
await mkdir('docs/benchmarks', { recursive: true });
await writeFile('docs/benchmarks/ingest-extraction.json', `${JSON.stringify(report, null, 2)}\n`);
