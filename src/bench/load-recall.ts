// Load generator for the HTTP throughput benches (`engram bench`, scripts/bench-http-throughput.ts): its own
// process, so that the server's event loop does not also run the clients (on a 2-core machine it still takes most
// of one core). `clients` concurrent keep-alive clients post /v1/recall, round robin over the subjects, until
// `total` recalls were answered; prints one JSON line with the rate, client-side latencies and the server's timing.
// Run: npx tsx src/bench/load-recall.ts <url> <key> <clients> <total> <subject,subject,...>
import { Agent, request } from 'undici';

const [url, key, clientsText, totalText, subjectsText] = process.argv.slice(2);
if (!url || !key || !subjectsText)
  throw new Error('usage: load-recall.ts <url> <key> <clients> <total> <subject,subject,...>');
const clients = Number(clientsText ?? 16);
const total = Number(totalText ?? 1000);
const subjects = subjectsText.split(',');
const queries = [
  'what milk do I like',
  'when is the meeting',
  'which seat do I want',
  'what did my sister buy',
  'where did the kids move',
  'what does the doctor avoid',
];
const agent = new Agent({ connections: clients, pipelining: 1 });
const latencies: number[] = [];
const serverTotals: number[] = [];
const serverSearch: number[] = [];
const serverEmbed: number[] = [];
let next = 0;
let failures = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: clients }, async () => {
    while (next < total) {
      const i = next++;
      const t0 = performance.now();
      const res = await request(`${url}/v1/recall`, {
        method: 'POST',
        dispatcher: agent,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ subject: subjects[i % subjects.length], query: queries[i % queries.length] }),
      });
      const body = (await res.body.json()) as {
        timing_ms?: { total: number; search: number; embed: number };
      };
      latencies.push(performance.now() - t0);
      if (res.statusCode !== 200) failures++;
      else if (body.timing_ms) {
        serverTotals.push(body.timing_ms.total);
        serverSearch.push(body.timing_ms.search);
        serverEmbed.push(body.timing_ms.embed);
      }
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
await agent.close();
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round((s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0) * 100) / 100;
};
console.log(
  JSON.stringify({
    clients,
    total,
    failures,
    per_second: Math.round(total / seconds),
    client_p50_ms: pct(latencies, 50),
    client_p95_ms: pct(latencies, 95),
    server_p50_ms: pct(serverTotals, 50),
    server_search_p50_ms: pct(serverSearch, 50),
    server_embed_p50_ms: pct(serverEmbed, 50),
  }),
);
