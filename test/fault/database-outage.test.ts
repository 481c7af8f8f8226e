// Fault tests of the Node server over a private PostgreSQL cluster (issue 15, item 1): PostgreSQL crashes
// (`pg_ctl -m immediate`) under mixed load and comes back; the server is killed with SIGKILL under write load.
// Both assert that the process (or its successor) keeps every acknowledged write, and that while the database is
// down or recovering every answer is a 503 `unavailable`, never a 500 or a dead socket.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  type PrivateCluster,
  privateClusterUnavailable,
  startPrivateCluster,
} from '../support/private-cluster.ts';

const API_KEY = 'egm_fault_test_default_key_0123456789';
const ADMIN_KEY = 'egm_admin_fault_test_operator_0123456789';
const WRITERS = 8;
const RECALLERS = 4;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Engram {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

async function startEngram(databaseUrl: string, dataDir: string): Promise<Engram> {
  const port = await freePort();
  const child = spawn(process.execPath, ['bin/engram.mjs', 'serve'], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      ENGRAM_AUTO_MIGRATE: 'true',
      ENGRAM_EMBEDDER: 'fake',
      ENGRAM_DATA_DIR: dataDir,
      ENGRAM_API_KEY: API_KEY,
      ENGRAM_ADMIN_KEY: ADMIN_KEY,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`engram exited at start: ${stderr.slice(-2000)}`);
    const ok = await fetch(`${url}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error('engram did not become ready');
    await sleep(200);
  }
  return {
    url,
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

interface Outcome {
  at: number;
  kind: 'write' | 'recall';
  status: number | 'network';
  code?: string;
}

/** Mixed load against `target()`: writers and recall loops until `stop()`; acknowledged write ids are kept. */
function load(target: () => string, options: { writers: number; recallers: number }) {
  let running = true;
  const outcomes: Outcome[] = [];
  const acknowledged = new Map<string, string>();
  let n = 0;
  const run = Math.random().toString(36).slice(2, 8);
  const headers = { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' };
  const record = async (kind: Outcome['kind'], res: Response | null) => {
    const outcome: Outcome = { at: Date.now(), kind, status: res ? res.status : 'network' };
    if (res && res.status >= 400) {
      const body = (await res.json().catch(() => ({}))) as { error?: { code?: string } };
      outcome.code = body.error?.code;
    }
    outcomes.push(outcome);
    if (!res) await sleep(50);
    else if (res.status >= 500) await sleep(20);
  };
  const writer = async (w: number) => {
    while (running) {
      const content = `fault test note ${run}-${w}-${n++} about the blue bicycle`;
      const res = await fetch(`${target()}/v1/memories`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ subject: `writer-${w}`, kind: 'fact', content }),
      }).catch(() => null);
      if (res?.status === 201) {
        const body = (await res.clone().json()) as { memory?: { id: string }; id?: string };
        const id = body.memory?.id ?? body.id;
        if (id) acknowledged.set(id, content);
      }
      await record('write', res);
    }
  };
  const recaller = async (r: number) => {
    while (running) {
      const res = await fetch(`${target()}/v1/recall`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ subject: `writer-${r}`, query: 'which bicycle?' }),
      }).catch(() => null);
      await record('recall', res);
    }
  };
  const loops = [
    ...Array.from({ length: options.writers }, (_, i) => writer(i)),
    ...Array.from({ length: options.recallers }, (_, i) => recaller(i)),
  ];
  return {
    outcomes,
    acknowledged,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

async function storedIds(url: string, ids: string[]): Promise<Set<string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      'select id::text from engram.memories where id = any($1::uuid[])',
      [ids],
    );
    return new Set(rows.map((r) => r.id));
  } finally {
    await client.end();
  }
}

describe.skipIf(privateClusterUnavailable !== null)(
  `the Node server over a PostgreSQL that fails${privateClusterUnavailable ? ` (skipped: ${privateClusterUnavailable})` : ''}`,
  () => {
    let cluster: PrivateCluster;
    let dataDir = '';
    const engrams: Engram[] = [];

    beforeAll(async () => {
      cluster = await startPrivateCluster();
      const admin = new pg.Client({ connectionString: cluster.url() });
      await admin.connect();
      await admin.query('create database engram');
      await admin.end();
      dataDir = await mkdtemp(join(tmpdir(), 'engram-fault-'));
    });
    afterAll(async () => {
      for (const e of engrams) await e.stop();
      await cluster?.destroy();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    it('survives a crash of PostgreSQL under mixed load: 503 while down, serving again after, no write lost', async () => {
      const engram = await startEngram(cluster.url('engram'), dataDir);
      engrams.push(engram);
      const traffic = load(() => engram.url, { writers: WRITERS, recallers: RECALLERS });
      await sleep(1500);
      await cluster.crash();
      const downFrom = Date.now();
      await sleep(2000);
      const downUntil = Date.now();
      await cluster.start({ wait: false });
      const restartedAt = Date.now();
      // Recovered: the first acknowledged write that started after the restart.
      let recoveredAt = 0;
      while (Date.now() - restartedAt < 30_000) {
        const ok = traffic.outcomes.some((o) => o.kind === 'write' && o.status === 201 && o.at > restartedAt);
        if (ok) {
          recoveredAt = Date.now();
          break;
        }
        await sleep(25);
      }
      await sleep(1000);
      await traffic.stop();

      expect(engram.child.exitCode, 'the server process exited').toBeNull();
      expect(engram.child.signalCode).toBeNull();
      expect(recoveredAt, 'writes never succeeded again after PostgreSQL came back').toBeGreaterThan(0);
      const statuses = new Set(traffic.outcomes.map((o) => o.status));
      // Only successes and 503s, never a 500 or a dropped connection.
      expect([...statuses].filter((s) => s !== 200 && s !== 201 && s !== 503)).toEqual([]);
      const whileDown = traffic.outcomes.filter((o) => o.at > downFrom + 200 && o.at < downUntil);
      expect(whileDown.length).toBeGreaterThan(10);
      expect(new Set(whileDown.map((o) => `${o.status} ${o.code}`))).toEqual(new Set(['503 unavailable']));
      for (const o of traffic.outcomes.filter((x) => x.status === 503)) expect(o.code).toBe('unavailable');

      const ids = [...traffic.acknowledged.keys()];
      expect(ids.length).toBeGreaterThan(5);
      const stored = await storedIds(cluster.url('engram'), ids);
      expect(ids.filter((id) => !stored.has(id))).toEqual([]);
      console.info(
        `[fault] pg crash: ${traffic.outcomes.length} calls, ${ids.length} writes acknowledged, 0 lost; ` +
          `${whileDown.length} calls while down, all 503; recovery ${recoveredAt - restartedAt} ms after restart`,
      );
      await engram.stop();
    });

    it('keeps every acknowledged write when the server is killed with SIGKILL under write load', async () => {
      const target = { url: '' };
      const first = await startEngram(cluster.url('engram'), dataDir);
      engrams.push(first);
      target.url = first.url;
      const traffic = load(() => target.url, { writers: WRITERS, recallers: 0 });
      await sleep(2500);
      await first.stop();
      await sleep(300);
      await traffic.stop();
      const second = await startEngram(cluster.url('engram'), dataDir);
      engrams.push(second);

      const ids = [...traffic.acknowledged.keys()];
      expect(ids.length).toBeGreaterThan(5);
      const stored = await storedIds(cluster.url('engram'), ids);
      expect(ids.filter((id) => !stored.has(id))).toEqual([]);
      // Before the kill, nothing but successes; after it, only refused connections.
      expect(new Set(traffic.outcomes.map((o) => o.status))).toEqual(new Set([201, 'network']));
      // The successor serves the acknowledged writes.
      const [someId] = ids;
      const res = await fetch(`${second.url}/v1/memories/${someId}`, {
        headers: { authorization: `Bearer ${API_KEY}` },
      });
      expect(res.status).toBe(200);
      console.info(`[fault] kill -9: ${ids.length} writes acknowledged, 0 lost`);
      await second.stop();
    });
  },
);
